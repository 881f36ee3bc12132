import { randomUUID } from 'node:crypto';
import {
  ERROR_REPORT_LIMITS,
  type ErrorGroup,
  type ErrorGroupDetail,
  type ErrorReport,
  type Overview,
} from '@staff-admin/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerBusy } from '../../src/lib/errors.js';
import { SAMPLES_PER_GROUP } from '../../src/modules/monitoring/errors.service.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  type TestApp,
  type TestUser,
} from '../helpers.js';

const DAY = 86_400_000;

let t: TestApp;
let admin: TestUser;
let adminToken: string;

/** A new access token for the admin (after the clock has moved past the old one's expiry). */
async function signIn() {
  adminToken = (await loginTokens(t, admin)).access_token;
}

beforeAll(async () => {
  t = await createTestApp({ env: { APP_RELEASE: '1.2.3' } });
  admin = await createUser(t, { position: 'admin' });
  await signIn();
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  // Each test starts with no errors recorded.
  await t.services.errors.whenIdle();
  await t.db.deleteFrom('error_group_users').execute();
  await t.db.deleteFrom('error_group_releases').execute();
  await t.db.deleteFrom('error_occurrences').execute();
  await t.db.deleteFrom('error_groups').execute();
  await t.db.deleteFrom('error_report_counts').execute();
});

// Two different crashes: the top frame of our own code is this function or the other one.
function crashInProfile(detail: string): Error {
  return new Error(`Profile of ${detail} could not be read`);
}
function crashInDatabase(detail: string): Error {
  return new TypeError(`Cannot read properties of undefined (reading '${detail}')`);
}

/** Makes the next GET /users/profile fail with `error`, as a bug in the service would. */
async function failProfile(error: Error, headers: Record<string, string> = {}) {
  vi.spyOn(t.services.users, 'getById').mockRejectedValueOnce(error);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/users/profile',
    headers: { ...bearer(adminToken), ...headers },
  });
  await t.services.errors.whenIdle();
  return response;
}

const listGroups = async (query: Record<string, string> = {}) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/monitoring/error-groups',
    query,
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ErrorGroup[]; meta: Record<string, number> }>();
};

const getGroup = async (id: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/monitoring/error-groups/${id}`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ErrorGroupDetail }>().data;
};

const setStatus = (id: string, status: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/monitoring/error-groups/${id}`,
    headers: bearer(adminToken),
    payload: { status },
  });

const report = (body: Partial<ErrorReport>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/monitoring/error-reports',
    headers,
    payload: { kind: 'error', type: 'TypeError', message: 'x is undefined', url: '/', ...body },
  });

const bundleFrame = (fileName: string, functionName: string, lineNumber = 1) => ({
  fileName,
  functionName,
  lineNumber,
  columnNumber: 4242,
});

describe('server errors', () => {
  it('stores an unhandled error as an occurrence, with the request it came from', async () => {
    const response = await failProfile(crashInProfile('someone'), { 'user-agent': 'Test agent' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: expect.any(String) });

    const { data, meta } = await listGroups();
    expect(meta.totalItems).toBe(1);
    expect(data[0]).toMatchObject({
      title: 'Error: Profile of someone could not be read',
      source: 'server',
      type: 'Error',
      status: 'unresolved',
      regressed: false,
      count: 1,
      usersAffected: 1,
    });
    const detail = await getGroup(data[0]!.id);
    expect(detail.occurrences).toHaveLength(1);
    expect(detail.occurrences[0]).toMatchObject({
      method: 'GET',
      route: '/api/users/profile',
      status: 500,
      requestId: response.headers['x-request-id'],
      release: '1.2.3',
      userAgent: 'Test agent',
      user: { id: admin.id, email: admin.email },
    });
    expect(detail.occurrences[0]!.stack).toContain('crashInProfile');
  });

  it('groups the same crash once and a different crash apart', async () => {
    await failProfile(crashInProfile(randomUUID()));
    await failProfile(crashInProfile('a second person'));
    await failProfile(crashInDatabase('id'));

    const { data } = await listGroups({ sortBy: 'count', sortDirection: 'DESC' });
    expect(data.map((group) => [group.type, group.count])).toEqual([
      ['Error', 2],
      ['TypeError', 1],
    ]);
    // Users affected counts people, not occurrences.
    expect(data[0]!.usersAffected).toBe(1);
  });

  it('records neither client errors, domain errors nor an unavailable server', async () => {
    await t.app.inject({ method: 'GET', url: '/api/users/profile' });
    await failProfile(new ServerBusy());
    expect((await listGroups()).meta.totalItems).toBe(0);
  });

  it('answers as usual when the error cannot be recorded', async () => {
    const record = vi
      .spyOn(t.services.errors, 'recordServerError')
      .mockRejectedValueOnce(new Error('database gone'));
    const response = await failProfile(crashInProfile('nobody'));
    expect(response.statusCode).toBe(500);
    expect(record).toHaveBeenCalledOnce();
    expect((await listGroups()).meta.totalItems).toBe(0);
  });
});

describe('browser reports', () => {
  it('takes reports from anyone, tied to the user when a valid token comes', async () => {
    const anonymous = await report({ message: 'Boom' });
    expect(anonymous.statusCode).toBe(202);
    expect(anonymous.json()).toEqual({ data: null });
    t.clock.advance(1000);
    await report({ message: 'Boom' }, { authorization: 'Bearer not-a-token' });
    t.clock.advance(1000);
    await report({ message: 'Boom' }, bearer(adminToken));

    const { data } = await listGroups({ source: 'browser' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ title: 'TypeError: Boom', count: 3, usersAffected: 1 });
    const users = (await getGroup(data[0]!.id)).occurrences.map((o) => o.user?.id ?? null);
    expect(users).toEqual([admin.id, null, null]);
  });

  it('groups by our own top frames, whatever the bundle hash and line numbers', async () => {
    const extension = bundleFrame('chrome-extension://abc/inject.js', 'hook');
    await report({
      frames: [
        extension,
        bundleFrame('https://admin.example.com/assets/users-list-D1x2Y3z4.js?v=1', 'renderRow', 10),
      ],
    });
    await report({
      frames: [bundleFrame('http://localhost:3000/assets/users-list-Qw8Er7Ty.js', 'renderRow', 99)],
    });
    await report({
      frames: [bundleFrame('https://admin.example.com/assets/users-list-D1x2Y3z4.js', 'openRow')],
    });

    const { data } = await listGroups({ sortBy: 'count' });
    expect(data.map((group) => group.count)).toEqual([2, 1]);
  });

  it('groups reports without a stack by their message, ids and numbers taken out', async () => {
    await report({ message: `Order 1234 of ann@example.com (${randomUUID()}) failed` });
    await report({ message: `Order 98 of bob@example.org (${randomUUID()}) failed` });
    await report({ message: 'Something else failed' });

    const { data } = await listGroups({ sortBy: 'count' });
    expect(data.map((group) => group.count)).toEqual([2, 1]);
  });

  it('refuses a malformed report, and one over 16 KB', async () => {
    const bad = await report({ kind: 'nope' as ErrorReport['kind'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('kind');
    const big = await report({ message: 'x', stack: 'y'.repeat(17 * 1024) });
    expect(big.statusCode).toBe(413);
    expect((await listGroups()).meta.totalItems).toBe(0);
  });
});

describe('nothing secret is stored', () => {
  it('strips tokens, passwords, cookies, credentials and query strings', async () => {
    const jwt = adminToken;
    await failProfile(
      new Error(
        `Upstream https://svc:hunter2@api.internal/v1?api_key=K3Y-SECRET failed for Bearer ${jwt} ` +
          `with {"password":"Pa55word!","refresh_token":"R3FRESH"} and token=T0KEN-IN-TEXT`,
      ),
      { cookie: 'sid=COOKIE-SECRET', 'x-api-key': 'HEADER-SECRET' },
    );
    await report(
      {
        message: 'Link /auth/reset-password?token=RESET-SECRET broke',
        stack:
          'Error: Link broke\n    at open (https://admin.example.com/auth/accept-invitation?token=INVITE-SECRET:1:2)',
        url: 'https://admin.example.com/auth/reset-password?token=PAGE-SECRET#frag',
        release: 'web?password=RELEASE-SECRET',
      },
      { ...bearer(jwt), cookie: 'rft=COOKIE2-SECRET' },
    );

    const everything = JSON.stringify([
      await t.db.selectFrom('error_groups').selectAll().execute(),
      await t.db.selectFrom('error_occurrences').selectAll().execute(),
    ]);
    for (const secret of [
      jwt,
      'hunter2',
      'K3Y-SECRET',
      'Pa55word!',
      'R3FRESH',
      'T0KEN-IN-TEXT',
      'COOKIE',
      'HEADER-SECRET',
      'RESET-SECRET',
      'INVITE-SECRET',
      'PAGE-SECRET',
      'RELEASE-SECRET',
    ]) {
      expect(everything).not.toContain(secret);
    }
    // What is left is still useful.
    expect(everything).toContain('/auth/reset-password');
    expect(everything).toContain('https://api.internal/v1');
  });
});

describe('a hostile report', () => {
  it('answers the report of issue 32 at once: the stack is clipped before it is scrubbed', async () => {
    const before = process.cpuUsage();
    const response = await report({
      type: 'Error',
      message: 'x',
      stack: 'token-'.repeat(1333),
      url: '/',
    });
    const { user, system } = process.cpuUsage(before);
    expect(response.statusCode).toBe(202);
    // It held the server 12 s: the secret-field pattern backtracked on the whole stack.
    expect((user + system) / 1000).toBeLessThan(200);
    const [stored] = await t.db.selectFrom('error_occurrences').select('stack').execute();
    expect(stored?.stack?.length).toBeLessThanOrEqual(ERROR_REPORT_LIMITS.stack);
  });

  it("strips the user agent's secrets, emails, one-time codes, sessions and card numbers", async () => {
    const jwt = adminToken;
    await report(
      {
        message:
          'Save failed for ann@example.com: pwd=PWD-SECRET&otp=OTP-SECRET passcode: PASSCODE-SECRET ' +
          'session=SESSION-SECRET card 4111 1111 1111 1111',
      },
      { 'user-agent': `Mozilla/5.0 (X11; Linux) ${jwt} token=UA-SECRET` },
    );

    const occurrences = await t.db.selectFrom('error_occurrences').selectAll().execute();
    const everything = JSON.stringify([
      await t.db.selectFrom('error_groups').selectAll().execute(),
      occurrences,
    ]);
    for (const secret of [
      jwt,
      'UA-SECRET',
      'ann@example.com',
      'PWD-SECRET',
      'OTP-SECRET',
      'PASSCODE-SECRET',
      'SESSION-SECRET',
      '4111 1111 1111 1111',
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(occurrences[0]).toMatchObject({
      user_agent: 'Mozilla/5.0 (X11; Linux) [redacted] token=[redacted]',
      message:
        'Save failed for [email]: pwd=[redacted]&otp=[redacted] passcode: [redacted] ' +
        'session=[redacted] card [card]',
    });
  });
});

describe('caps', () => {
  const serverContext = {
    method: 'GET',
    route: '/api/users/profile',
    status: 500,
    requestId: 'req-1',
    userAgent: null,
    userId: null,
  };
  const overviewOf = async (app: TestApp, token: string) => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/monitoring/overview',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Overview }>().data;
  };

  it(`keeps a group's newest ${SAMPLES_PER_GROUP} samples and counts every occurrence`, async () => {
    const times = SAMPLES_PER_GROUP + 5;
    for (let index = 0; index < times; index += 1) {
      t.clock.advance(1000);
      await t.services.errors.recordBrowserReport(
        { kind: 'error', type: 'TypeError', message: 'Capped', url: `/page/${index}` },
        { userId: null, userAgent: null },
      );
      await t.services.errors.recordServerError(crashInDatabase('capped'), serverContext);
    }

    const { data } = await listGroups();
    expect(Object.fromEntries(data.map((group) => [group.source, group.count]))).toEqual({
      server: times,
      browser: times,
    });
    for (const group of data) {
      const samples = await t.db
        .selectFrom('error_occurrences')
        .select('url')
        .where('group_id', '=', group.id)
        .orderBy('at')
        .execute();
      expect(samples, group.source).toHaveLength(SAMPLES_PER_GROUP);
      if (group.source === 'browser') {
        expect(samples[0]!.url).toBe('/page/5');
        expect((await getGroup(group.id)).occurrences[0]!.url).toBe(`/page/${times - 1}`);
      }
    }
    // The Overview counts every 5xx, not the samples kept.
    const serverErrors = (await overviewOf(t, adminToken)).counts.find(
      (count) => count.name === 'serverErrors',
    );
    expect(serverErrors!.total).toBe(times);
  });

  it('stores no browser report past the daily cap, still counts them, and the Overview says so', async () => {
    const capped = await createTestApp({ env: { ERROR_REPORTS_PER_DAY: '3' } });
    try {
      const cappedAdmin = await createUser(capped, { position: 'admin' });
      capped.clock.set(Date.UTC(2031, 0, 15, 12));
      const send = async (message: string) => {
        const response = await capped.app.inject({
          method: 'POST',
          url: '/api/monitoring/error-reports',
          payload: { kind: 'error', type: 'Error', message, url: '/' },
        });
        expect(response.statusCode).toBe(202);
      };
      const groups = async () =>
        (
          await capped.db
            .selectFrom('error_groups')
            .leftJoin('error_occurrences', 'error_occurrences.group_id', 'error_groups.id')
            .select((eb) => [
              'error_groups.title',
              'error_groups.occurrences',
              eb.fn.count<number>('error_occurrences.id').as('samples'),
            ])
            .groupBy(['error_groups.title', 'error_groups.occurrences'])
            .orderBy('error_groups.title')
            .execute()
        ).map(({ title, occurrences, samples }) => [title, occurrences, Number(samples)]);

      await send('A');
      await send('A');
      await send('B');
      const token = (await loginTokens(capped, cappedAdmin)).access_token;
      const before = (await overviewOf(capped, token)).checks.find(
        (c) => c.name === 'errorReports',
      );
      expect(before).toMatchObject({
        status: 'pass',
        output: '3 of 3 browser reports stored today',
      });

      await send('A'); // counted in its group, not stored
      await send('C'); // a new group past the cap: dropped, counted as dropped
      await capped.services.errors.recordServerError(new Error('Not capped'), serverContext);
      expect(await groups()).toEqual([
        ['Error: A', 3, 2],
        ['Error: B', 1, 1],
        ['Error: Not capped', 1, 1],
      ]);
      const during = await overviewOf(capped, token);
      expect(during.status).toBe('warn');
      expect(during.checks.find((c) => c.name === 'errorReports')).toMatchObject({
        status: 'warn',
        output:
          '2 browser reports dropped today: the daily cap of 3 stored reports is reached ' +
          '(ERROR_REPORTS_PER_DAY); their groups still count them',
      });

      // A new UTC day, a new allowance.
      capped.clock.set(Date.UTC(2031, 0, 16, 0, 0, 1));
      await send('C');
      expect((await groups())[2]).toEqual(['Error: C', 1, 1]);
      const next = await overviewOf(capped, (await loginTokens(capped, cappedAdmin)).access_token);
      expect(next.checks.find((c) => c.name === 'errorReports')).toMatchObject({
        status: 'pass',
        output: '1 of 3 browser reports stored today',
      });
    } finally {
      await capped.close();
    }
  });
});

describe('statuses', () => {
  it('resolves, ignores and reopens a group, each change in the audit trail', async () => {
    await failProfile(crashInProfile('x'));
    const [group] = (await listGroups()).data;
    const resolved = await setStatus(group!.id, 'resolved');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      resolvedAt: expect.any(String),
    });
    expect((await setStatus(group!.id, 'ignored')).json().data.status).toBe('ignored');
    expect((await setStatus(group!.id, 'unresolved')).json().data).toMatchObject({
      status: 'unresolved',
      resolvedAt: null,
    });

    const audit = await t.db
      .selectFrom('audit_events')
      .select(['actor_id', 'details'])
      .where('action', '=', 'error_group.status_changed')
      .where('target_id', '=', group!.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audit.map((event) => JSON.parse(event.details ?? '{}'))).toEqual(
      expect.arrayContaining([
        { from: 'unresolved', to: 'resolved' },
        { from: 'resolved', to: 'ignored' },
        { from: 'ignored', to: 'unresolved' },
      ]),
    );
    expect(audit.every((event) => event.actor_id === admin.id)).toBe(true);
  });

  it('reopens a resolved group that occurs again, flagged regressed', async () => {
    await failProfile(crashInProfile('x'));
    const [group] = (await listGroups()).data;
    await setStatus(group!.id, 'resolved');
    t.clock.advance(60_000);
    await failProfile(crashInProfile('y'));

    expect(await getGroup(group!.id)).toMatchObject({
      status: 'unresolved',
      regressed: true,
      resolvedAt: null,
      count: 2,
    });
    const regression = await t.db
      .selectFrom('audit_events')
      .select(['actor_id', 'details'])
      .where('target_id', '=', group!.id)
      .where('details', 'like', '%regressed%')
      .executeTakeFirst();
    expect(regression?.actor_id).toBeNull();

    // A status change clears the flag; an ignored group stays ignored when it occurs again.
    expect((await setStatus(group!.id, 'ignored')).json().data.regressed).toBe(false);
    await failProfile(crashInProfile('z'));
    expect(await getGroup(group!.id)).toMatchObject({ status: 'ignored', regressed: false });
  });

  it('resolves several groups at once', async () => {
    await failProfile(crashInProfile('x'));
    await failProfile(crashInDatabase('y'));
    const ids = (await listGroups()).data.map((group) => group.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/monitoring/error-groups/bulk-resolve',
      headers: bearer(adminToken),
      payload: { ids: [...ids, randomUUID()] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { resolved: 2 } });
    expect((await listGroups({ status: 'resolved' })).meta.totalItems).toBe(2);
    expect((await listGroups({ status: 'unresolved' })).meta.totalItems).toBe(0);
  });

  it('answers 404 for no such group, and 400 for a bad status or no ids', async () => {
    expect((await setStatus(randomUUID(), 'resolved')).statusCode).toBe(404);
    expect((await setStatus('not-an-id', 'resolved')).statusCode).toBe(404);
    expect((await setStatus(randomUUID(), 'gone')).statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/monitoring/error-groups/bulk-resolve',
      headers: bearer(adminToken),
      payload: { ids: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ ids: 'Please select at least one error group.' });
  });
});

describe('the group list', () => {
  it('filters by status, source and search, sorts and pages', async () => {
    await failProfile(crashInProfile('alpha'));
    t.clock.advance(1000);
    await report({ type: 'RangeError', message: 'Beta overflow' });
    t.clock.advance(1000);
    await report({ type: 'SyntaxError', message: 'Gamma token' });

    expect((await listGroups()).data.map((group) => group.type)).toEqual([
      'SyntaxError',
      'RangeError',
      'Error',
    ]);
    expect((await listGroups({ source: 'server' })).data.map((group) => group.type)).toEqual([
      'Error',
    ]);
    expect((await listGroups({ search: 'OVERFLOW' })).data.map((group) => group.type)).toEqual([
      'RangeError',
    ]);
    expect((await listGroups({ search: '100%' })).meta.totalItems).toBe(0);
    const page = await listGroups({
      sortBy: 'title',
      sortDirection: 'asc',
      limitPerPage: '2',
      page: '2',
    });
    expect(page.data.map((group) => group.type)).toEqual(['SyntaxError']);
    expect(page.meta).toEqual({ currentPage: 2, itemsPerPage: 2, totalItems: 3, totalPages: 2 });
  });

  it('answers 400 with field errors for bad filters', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/monitoring/error-groups',
      query: { status: 'open', source: 'mobile', sortBy: 'nope', page: '0' },
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'page',
      'sortBy',
      'source',
      'status',
    ]);
    expect(response.json().errors.status).toBe('Please choose one of the offered values.');
  });
});

describe('retention', () => {
  it('removes occurrences after 30 days and groups not seen for 90', async () => {
    await failProfile(crashInProfile('old'));
    const [group] = (await listGroups()).data;
    t.clock.advance(31 * DAY);
    await signIn();
    await failProfile(crashInProfile('newer'));
    await report({ message: 'Only once' });

    const first = await t.services.retention.run();
    expect(first).toMatchObject({ removedErrorOccurrences: 1, removedErrorGroups: 0 });
    // The hourly counts go with the occurrences: the old hour's row is gone.
    const counted = await t.db.selectFrom('error_report_counts').select('source').execute();
    expect(counted.map((row) => row.source).sort()).toEqual(['browser', 'server']);
    expect((await getGroup(group!.id)).occurrences).toHaveLength(1);

    t.clock.advance(91 * DAY);
    await signIn();
    const second = await t.services.retention.run();
    expect(second).toMatchObject({ removedErrorOccurrences: 2, removedErrorGroups: 2 });
    expect((await listGroups()).meta.totalItems).toBe(0);
    expect(await t.db.selectFrom('error_group_users').selectAll().execute()).toEqual([]);
  });
});

describe('rate limit', () => {
  it('limits reports per client IP and minute', async () => {
    const limited = await createTestApp({ env: { ERROR_REPORTS_PER_MINUTE: '2' } });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/monitoring/error-reports',
          payload: { kind: 'error', type: 'Error', message: 'again', url: '/' },
        });
      expect((await send()).statusCode).toBe(202);
      expect((await send()).statusCode).toBe(202);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
