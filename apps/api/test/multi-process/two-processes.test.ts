import type { TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { decodeJwt, waitUntil } from '../helpers.js';
import type { ServerProcess } from '../server-process.js';
import type { TestSmtpServer } from '../smtp.js';
import { call, signIn } from './process-http.js';
import { inviteAndSetUp, startTwinProcesses, type TwinProcesses } from './twin-processes.js';

/**
 * Two real API processes (src/server.ts, each with its own port, caches, Redis connections and
 * mail worker) on one database (PostgreSQL in the api:postgres run, one SQLite file otherwise)
 * and one Redis. Run only with TEST_REDIS_URL (vitest.config.ts leaves this folder out without
 * it, and says so).
 */
const ADMIN = { email: 'boss@example.com', password: 'Harbor-Finch-19' };
const USER_PASSWORD = 'Quartz-Lamp-71';

let twins: TwinProcesses;
let database: Database;
let smtp: TestSmtpServer;
let a: ServerProcess;
let b: ServerProcess;
let admin: TokenPair;

/** An active user made the way an admin would: invited, then set up with the mailed link. */
const activeUser = (email: string) => inviteAndSetUp(twins, email, USER_PASSWORD);

beforeAll(async () => {
  twins = await startTwinProcesses({
    name: 'two-processes',
    admin: ADMIN,
    env: {
      RATE_LIMIT_PER_MINUTE: '10',
      LOGIN_FAILURES_BEFORE_LOCK: '3',
      // Long enough that only the revocation channel can explain a refusal on the other process.
      SESSION_CACHE_TTL: '60s',
    },
  });
  ({ a, b, admin, smtp, database } = twins);
}, 90_000);

// Both shut down cleanly on SIGTERM.
afterAll(async () => expect(await twins?.stop()).toEqual([0, 0]));

describe('two API processes on one database and one Redis', () => {
  it('started once: one migration history and one first admin', async () => {
    const admins = await database.db
      .selectFrom('users')
      .select('email')
      .where('position', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ email: ADMIN.email }]);
    for (const server of [a, b]) {
      expect((await call(server, 'GET', '/api/health')).status).toBe(200);
    }
  });

  it('share the per-IP rate limit: the limit is hit across both', async () => {
    const from = '198.51.100.10';
    const check = (server: ServerProcess) =>
      call(server, 'GET', '/api/users/check-token?token=x&jwtTokenType=confirmation_token', {
        from,
      });
    for (let i = 0; i < 5; i += 1) {
      expect((await check(a)).status).toBe(400);
      expect((await check(b)).status).toBe(400);
    }
    const limited = await check(a);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(b)).status).toBe(429);
    // Another client is unaffected.
    expect(
      (
        await call(b, 'GET', '/api/users/check-token?token=x&jwtTokenType=confirmation_token', {
          from: '198.51.100.11',
        })
      ).status,
    ).toBe(400);
  });

  it('share lockouts: failures on both lock the email on both; an unlock on one lifts it on both', async () => {
    const email = 'locked.out@example.com';
    await activeUser(email);
    const wrong = (server: ServerProcess, from: string) =>
      call(server, 'POST', '/api/auth/login', {
        body: { email, password: 'Wrong-password-1' },
        from,
      });
    expect((await wrong(a, '198.51.100.20')).status).toBe(400);
    expect((await wrong(b, '198.51.100.21')).status).toBe(400);
    expect((await wrong(a, '198.51.100.22')).status).toBe(400);
    for (const server of [a, b]) {
      const locked = await call(server, 'POST', '/api/auth/login', {
        body: { email, password: USER_PASSWORD },
        from: '198.51.100.23',
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(50);
    }

    // User management's Locked badge reads the lock on either process; Unlock on one lifts it
    // on both.
    const listed = await call(b, 'GET', '/api/monitoring/security/locked-accounts', {
      token: admin.access_token,
    });
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((entry: { email: string }) => entry.email)).toContain(email);
    const unlocked = await call(a, 'POST', '/api/monitoring/security/locked-accounts/unlock', {
      token: admin.access_token,
      body: { email },
    });
    expect(unlocked.status).toBe(204);
    await signIn(b, email, USER_PASSWORD, '198.51.100.24');
  });

  it('share lockouts under a burst: at most N passwords checked across both processes', async () => {
    const email = 'burst.target@example.com';
    await activeUser(email);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(index % 2 === 0 ? a : b, 'POST', '/api/auth/login', {
          body: { email, password: 'Wrong-password-1' },
          from: `198.51.100.${100 + index}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // LOGIN_FAILURES_BEFORE_LOCK is 3 for these processes.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(27);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
  });

  it('refuse a token on one process at once after a logout on the other', async () => {
    const email = 'logs.out@example.com';
    await activeUser(email);
    const tokens = await signIn(a, email, USER_PASSWORD, '198.51.100.30');
    expect(
      (await call(b, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
    ).toBe(200);
    expect(
      (await call(a, 'DELETE', '/api/auth/logout', { token: tokens.access_token })).status,
    ).toBe(200);
    expect(
      (await call(b, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
    ).toBe(401);
    expect((await call(b, 'POST', `/api/auth/refresh-token/${tokens.refresh_token}`)).status).toBe(
      403,
    );
  });

  it('refuse a token on one process at once after a deactivation on the other', async () => {
    const email = 'deactivated@example.com';
    await activeUser(email);
    const tokens = await signIn(b, email, USER_PASSWORD, '198.51.100.31');
    const userId = String(decodeJwt(tokens.access_token).sub);
    expect(
      (await call(a, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
    ).toBe(200);
    const deactivated = await call(b, 'PATCH', `/api/users/${userId}/status`, {
      token: admin.access_token,
      body: { status: 'inactive' },
    });
    expect(deactivated.status).toBe(200);
    expect(
      (await call(a, 'GET', '/api/users/profile', { token: tokens.access_token })).status,
    ).toBe(403);
  });

  it('count the list the same on both after a change on one (remembered counts move on)', async () => {
    const total = async (server: ServerProcess, search: string) => {
      const query = new URLSearchParams({ search, includeInactive: 'false' });
      const response = await call(server, 'GET', `/api/users?${query}`, {
        token: admin.access_token,
      });
      expect(response.status).toBe(200);
      return response.json.meta.totalItems as number;
    };
    const before = await total(a, 'example');
    expect(await total(a, 'example')).toBe(before); // now remembered by a
    const invited = await call(b, 'POST', '/api/users/bulk-create', {
      token: admin.access_token,
      body: { users: [{ email: 'counted@example.com', position: 'contractor' }] },
    });
    expect(invited.status).toBe(201);
    expect(await total(a, 'example')).toBe(before + 1);
    expect(await total(b, 'example')).toBe(before + 1);
  });

  it('deliver each mail exactly once, though both workers watch one outbox', async () => {
    const batch = (prefix: string) => ({
      users: Array.from({ length: 10 }, (_, i) => ({
        email: `${prefix}${i}@example.com`,
        position: 'contractor',
      })),
    });
    const [fromA, fromB] = await Promise.all([
      call(a, 'POST', '/api/users/bulk-create', {
        token: admin.access_token,
        body: batch('from-a-'),
      }),
      call(b, 'POST', '/api/users/bulk-create', {
        token: admin.access_token,
        body: batch('from-b-'),
      }),
    ]);
    expect([fromA.status, fromB.status]).toEqual([201, 201]);
    const recipients = [...batch('from-a-').users, ...batch('from-b-').users].map((u) => u.email);
    await Promise.all(recipients.map((email) => smtp.waitForMail(email)));
    // Every send is over: each is logged once the relay took the mail (a second worker's send of
    // the same mail would be logged as 'mail sent after its claim expired').
    const sentBy = (server: ServerProcess, msg = 'mail sent') =>
      server.logs().filter((line) => line.msg === msg).length;
    const unfinished = () =>
      database.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', 'in', recipients)
        .where((eb) => eb.or([eb('sent_at', 'is', null), eb('claim_id', 'is not', null)]))
        .execute();
    await waitUntil(
      async () => sentBy(a) + sentBy(b) >= recipients.length && (await unfinished()).length === 0,
      { what: 'every mail sent and its claim given back' },
    );
    for (const email of recipients) expect(smtp.mailsTo(email), email).toHaveLength(1);
    const late = 'mail sent after its claim expired: it may arrive twice';
    expect(sentBy(a, late) + sentBy(b, late)).toBe(0);
  });
});
