import {
  BUDGETING_MESSAGES,
  MONEY_MAX_MINOR,
  type ClosedMonth,
  type CostEntry,
  type CostRate,
  type Position,
  type ProjectDetail,
  type ProjectList,
} from '@staff-admin/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginTokens, type TestApp, type TestUser } from '../helpers.js';
import { toCsv } from '../../src/lib/csv.js';
import { budgetingClient, gbp } from './client.js';

let t: TestApp;
let admin: TestUser;
let finance: TestUser;
let worker: TestUser;
let adminToken: string;
let financeToken: string;

beforeAll(async () => {
  t = await createTestApp();
  // Today is 2026-06-15 (UTC) for every forecast below.
  t.clock.set(Date.parse('2026-06-15T12:00:00Z'));
  admin = await createUser(t, { position: 'admin', fullName: 'Ada Admin' });
  finance = await createUser(t, { position: 'finance', fullName: 'Fin Finance' });
  worker = await createUser(t, { position: 'contractor', fullName: 'Wes Worker' });
  adminToken = (await loginTokens(t, admin)).access_token;
  financeToken = (await loginTokens(t, finance)).access_token;
});
afterAll(async () => {
  await t.close();
});

const {
  call,
  ok,
  newProject: projectOf,
} = budgetingClient(
  () => t,
  () => financeToken,
);
const newProject = (overrides: Record<string, unknown> = {}) => projectOf(finance.id, overrides);

const addCost = (projectId: string, body: Record<string, unknown>) =>
  call('POST', `/projects/${projectId}/costs`, body);

const expense = (amount: number, date = '2026-05-10') => ({
  date,
  category: 'software',
  description: 'Licences',
  amount: gbp(amount),
});

describe('projects', () => {
  it('creates a project with its first budget and shows its figures', async () => {
    const project = await newProject();
    expect(project).toMatchObject({
      budget: gbp(1_000_000),
      actual: gbp(0),
      remaining: gbp(1_000_000),
      percentUsed: 0,
      status: 'active',
      owner: { id: finance.id },
    });
    const revisions = await ok<{ reason: string; amount: unknown }[]>(
      'GET',
      `/projects/${project.id}/budget-revisions`,
    );
    expect(revisions).toEqual([
      expect.objectContaining({ reason: 'Initial budget', amount: gbp(1_000_000) }),
    ]);
  });

  it('refuses a duplicate code (409), bad input (400) and a budget in another currency', async () => {
    const project = await newProject();
    const again = await call('POST', '/projects', {
      code: project.code.toLowerCase(),
      name: 'Copy',
      client: 'Acme',
      currency: 'GBP',
      startDate: '2026-01-01',
      ownerId: finance.id,
      budget: gbp(1),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: { code: 'This project code is already used.' } });

    const bad = await call('POST', '/projects', {
      code: '-x',
      name: '',
      client: 'Acme',
      currency: 'XXQ',
      startDate: '2026-02-30',
      ownerId: finance.id,
      budget: { amount: 1.5, currency: 'GBP' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(
      expect.arrayContaining(['code', 'name', 'currency', 'startDate', 'budget.amount']),
    );

    const mismatch = await call('POST', '/projects', {
      code: 'MISMATCH-1',
      name: 'M',
      client: 'Acme',
      currency: 'EUR',
      startDate: '2026-01-01',
      ownerId: finance.id,
      budget: gbp(100),
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('answers 409, not an error, to the same code or month sent twice at once', async () => {
    const body = {
      code: `RACE-${Date.now().toString(36)}`.toUpperCase(),
      name: 'Race',
      client: 'Acme',
      currency: 'GBP',
      startDate: '2026-01-01',
      ownerId: finance.id,
      budget: gbp(1),
    };
    const projects = await Promise.all([1, 2, 3].map(() => call('POST', '/projects', body)));
    expect(projects.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const months = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/closed-months', { month: '2024-01' })),
    );
    expect(months.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('revises the budget with a reason and keeps the history', async () => {
    const project = await newProject();
    t.clock.advance(1000);
    await ok('POST', `/projects/${project.id}/budget-revisions`, {
      amount: gbp(2_000_000),
      reason: 'Phase two signed',
    });
    const detail = await ok<ProjectDetail>('GET', `/projects/${project.id}`);
    expect(detail.budget).toEqual(gbp(2_000_000));
    const revisions = await ok<{ reason: string }[]>(
      'GET',
      `/projects/${project.id}/budget-revisions`,
    );
    expect(revisions.map((r) => r.reason)).toEqual(['Phase two signed', 'Initial budget']);
    const noReason = await call('POST', `/projects/${project.id}/budget-revisions`, {
      amount: gbp(1),
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('fixes the currency once the project has costs (409)', async () => {
    const project = await newProject();
    await ok('PATCH', `/projects/${project.id}`, { currency: 'EUR' });
    await ok('PATCH', `/projects/${project.id}`, { currency: 'GBP' });
    expect((await addCost(project.id, expense(100))).statusCode).toBe(201);
    const change = await call('PATCH', `/projects/${project.id}`, { currency: 'EUR' });
    expect(change.statusCode).toBe(409);
  });

  it('forecasts the cost at the end date from the pace so far', async () => {
    // 1 Jan to 15 Jun is 166 days; the year has 365: 166,000 × 365 / 166 = 365,000.
    const project = await newProject({ budget: gbp(300_000) });
    await addCost(project.id, expense(166_000));
    const detail = await ok<ProjectDetail>('GET', `/projects/${project.id}`);
    expect(detail.forecast).toEqual(gbp(365_000));
    expect(detail.percentUsed).toBe(55.3);
    expect(detail.monthlyCosts).toEqual([{ month: '2026-05', amount: gbp(166_000) }]);
    const open = await newProject({ endDate: null });
    expect(open.forecast).toBeNull();
  });

  it('moves the forecast with the clock: none before the start, the cost itself after the end', async () => {
    const project = await newProject({
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      budget: gbp(100_000),
    });
    await addCost(project.id, expense(10_000, '2026-07-01'));
    expect((await ok<ProjectDetail>('GET', `/projects/${project.id}`)).forecast).toBeNull();
    const today = t.clock.now();
    const forecastOn = async (iso: string) => {
      t.clock.set(Date.parse(iso));
      const token = (await loginTokens(t, finance)).access_token;
      return (await ok<ProjectDetail>('GET', `/projects/${project.id}`, undefined, token)).forecast;
    };
    try {
      // 1 to 10 July is 10 of July's 31 days: 10,000 × 31 / 10.
      expect(await forecastOn('2026-07-10T08:00:00Z')).toEqual(gbp(31_000));
      // 1 to 20 July: 10,000 × 31 / 20 = 15,500.
      expect(await forecastOn('2026-07-20T23:59:00Z')).toEqual(gbp(15_500));
      expect(await forecastOn('2026-07-31T08:00:00Z')).toEqual(gbp(10_000));
      expect(await forecastOn('2026-09-01T08:00:00Z')).toEqual(gbp(10_000));
    } finally {
      t.clock.set(today);
    }
  });

  it('sorts by % used and totals every matching project, not only the page', async () => {
    const code = `PCT${Date.now().toString(36)}`.toUpperCase();
    const low = await newProject({ code: `${code}-LOW`, budget: gbp(1000) });
    const high = await newProject({ code: `${code}-HIGH`, budget: gbp(1000) });
    const none = await newProject({ code: `${code}-NONE`, budget: gbp(0) });
    await addCost(low.id, expense(100));
    await addCost(high.id, expense(900));
    await addCost(none.id, expense(1));
    const list = async (query: string) =>
      (
        await call('GET', `/projects?search=${code}&sortBy=percentUsed&${query}`)
      ).json<ProjectList>();

    const first = await list('sortDirection=DESC&limitPerPage=1');
    expect(first.data.map((p) => [p.code, p.percentUsed])).toEqual([[`${code}-NONE`, null]]);
    expect(first.meta).toMatchObject({
      totalItems: 3,
      totalPages: 3,
      totals: { budget: gbp(2000), actual: gbp(1001), remaining: gbp(999) },
      currencies: ['GBP'],
    });
    const ascending = await list('sortDirection=ASC');
    expect(ascending.data.map((p) => [p.code, p.percentUsed])).toEqual([
      [`${code}-LOW`, 10],
      [`${code}-HIGH`, 90],
      [`${code}-NONE`, null],
    ]);
    const second = await list('sortDirection=ASC&limitPerPage=1&page=2');
    expect(second.data.map((p) => p.code)).toEqual([`${code}-HIGH`]);
    expect(second.meta.totals).toEqual(first.meta.totals);
  });

  it('totals the list only when every matching project shares one currency', async () => {
    const code = `TOT${Date.now().toString(36)}`.toUpperCase();
    await newProject({ code: `${code}-A`, budget: gbp(100) });
    await newProject({ code: `${code}-B`, budget: gbp(250) });
    const same = await call('GET', `/projects?search=${code}`);
    const list = same.json<ProjectList>();
    expect(list.meta.totalItems).toBe(2);
    expect(list.meta.totals).toMatchObject({ budget: gbp(350), remaining: gbp(350) });
    await newProject({
      code: `${code}-C`,
      currency: 'JPY',
      budget: { amount: 5, currency: 'JPY' },
    });
    const mixed = (await call('GET', `/projects?search=${code}`)).json<ProjectList>();
    expect(mixed.meta.totals).toBeNull();
    expect(mixed.meta.currencies).toEqual(['GBP', 'JPY']);
    const sorted = (
      await call('GET', `/projects?search=${code}&sortBy=budget&sortDirection=desc`)
    ).json<ProjectList>();
    expect(sorted.data.map((p) => p.code)).toEqual([`${code}-B`, `${code}-A`, `${code}-C`]);
  });
});

describe('costs', () => {
  it('keeps the actual equal to the integer sum of any entries (no float anywhere)', async () => {
    const project = await newProject();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 15 }),
        async (amounts) => {
          const before = (await ok<ProjectDetail>('GET', `/projects/${project.id}`)).actual.amount;
          for (const amount of amounts) {
            expect((await addCost(project.id, expense(amount))).statusCode).toBe(201);
          }
          const after = (await ok<ProjectDetail>('GET', `/projects/${project.id}`)).actual.amount;
          expect(after - before).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
          expect(Number.isInteger(after)).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('prices labour at the rate of the day, half to even, and keeps that rate', async () => {
    const project = await newProject();
    await ok<CostRate>('POST', '/cost-rates', {
      userId: worker.id,
      rate: gbp(15),
      validFrom: '2026-01-01',
    });
    // 0.15 × 0.5 h = 0.075 → 0.08 (half to even rounds to the even 8).
    const entry = await ok<CostEntry>('POST', `/projects/${project.id}/costs`, {
      date: '2026-03-02',
      category: 'labour',
      description: 'Pairing',
      userId: worker.id,
      hours: 0.5,
    });
    expect(entry).toMatchObject({ amount: gbp(8), rate: gbp(15), hours: 0.5 });

    // A later rate changes new entries only.
    await ok('POST', '/cost-rates', {
      userId: worker.id,
      rate: gbp(5000),
      validFrom: '2026-03-01',
    });
    const list = (await call('GET', `/projects/${project.id}/costs`)).json<{ data: CostEntry[] }>();
    expect(list.data[0]).toMatchObject({ id: entry.id, amount: gbp(8), rate: gbp(15) });
    // Changing the hours keeps the stored rate; moving the date prices it anew.
    const longer = await ok<CostEntry>('PATCH', `/costs/${entry.id}`, { hours: 2 });
    expect(longer).toMatchObject({ amount: gbp(30), rate: gbp(15) });
    const moved = await ok<CostEntry>('PATCH', `/costs/${entry.id}`, { date: '2026-03-03' });
    expect(moved).toMatchObject({ amount: gbp(10000), rate: gbp(5000) });

    const noRate = await addCost(project.id, {
      date: '2025-12-31',
      category: 'labour',
      description: 'Before any rate',
      userId: worker.id,
      hours: 1,
    });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json()).toMatchObject({ errors: { userId: expect.any(String) } });
    const twice = await call('POST', '/cost-rates', {
      userId: worker.id,
      rate: gbp(1),
      validFrom: '2026-03-01',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a cost that would take the total past an exact JSON number (409), changing nothing', async () => {
    const project = await newProject();
    const cost = await ok<CostEntry>('POST', `/projects/${project.id}/costs`, expense(10));
    // A million-odd entries at the largest amount would take too long: start near the edge.
    await t.db
      .updateTable('projects')
      .set({ actual_minor: Number.MAX_SAFE_INTEGER - 20 })
      .where('id', '=', project.id)
      .execute();

    const added = await addCost(project.id, expense(21));
    expect(added.statusCode).toBe(409);
    expect(added.json()).toMatchObject({ message: BUDGETING_MESSAGES.totalTooLarge });
    const raised = await call('PATCH', `/costs/${cost.id}`, { amount: gbp(31) });
    expect(raised.statusCode).toBe(409);
    const after = await ok<ProjectDetail>('GET', `/projects/${project.id}`);
    expect(after).toMatchObject({ actual: gbp(Number.MAX_SAFE_INTEGER - 20), costCount: 1 });
    expect(
      (await ok<CostEntry[]>('GET', `/projects/${project.id}/costs`)).map((c) => c.amount),
    ).toEqual([gbp(10)]);

    expect((await addCost(project.id, expense(20))).statusCode).toBe(201);
    const full = await ok<ProjectDetail>('GET', `/projects/${project.id}`);
    expect(full.actual).toEqual(gbp(Number.MAX_SAFE_INTEGER));
    // Figures past an exact number are left out rather than rounded.
    expect(full.forecast).toBeNull();
    const gbpList = (await call('GET', '/projects?currency=GBP')).json<ProjectList>();
    expect(gbpList.meta).toMatchObject({ totals: null, currencies: ['GBP'] });

    await t.db
      .updateTable('projects')
      .set({ actual_minor: 30 })
      .where('id', '=', project.id)
      .execute();
  });

  it('holds labour to the largest amount and to whole hundredths of an hour, added or changed', async () => {
    const project = await newProject();
    const dear = await createUser(t);
    const cheap = await createUser(t);
    await ok('POST', '/cost-rates', {
      userId: dear.id,
      rate: gbp(MONEY_MAX_MINOR),
      validFrom: '2026-01-01',
    });
    await ok('POST', '/cost-rates', { userId: cheap.id, rate: gbp(100), validFrom: '2026-01-01' });
    const labour = (userId: string, hours: number) => ({
      date: '2026-05-04',
      category: 'labour',
      description: 'Build',
      userId,
      hours,
    });
    const refusedWith = async (
      response: { statusCode: number; json: () => unknown },
      hours: string,
    ) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { hours } });
    };

    // 1,000 hours at 10^12 made 10^15; 1e-9 hours made a 0-hour entry (issue 32, finding 9).
    await refusedWith(
      await addCost(project.id, labour(dear.id, 1000)),
      BUDGETING_MESSAGES.amountTooLarge,
    );
    await refusedWith(
      await addCost(project.id, labour(cheap.id, 1e-9)),
      BUDGETING_MESSAGES.hoursInvalid,
    );
    await refusedWith(
      await addCost(project.id, labour(cheap.id, 0.001)),
      BUDGETING_MESSAGES.hoursInvalid,
    );
    const atLimit = await ok<CostEntry>(
      'POST',
      `/projects/${project.id}/costs`,
      labour(dear.id, 1),
    );
    expect(atLimit.amount).toEqual(gbp(MONEY_MAX_MINOR));
    const small = await ok<CostEntry>(
      'POST',
      `/projects/${project.id}/costs`,
      labour(cheap.id, 0.01),
    );
    expect(small).toMatchObject({ hours: 0.01, amount: gbp(1) });

    // Changed: more hours at the stored rate, another person's rate, or a cost made labour.
    await refusedWith(
      await call('PATCH', `/costs/${atLimit.id}`, { hours: 1.01 }),
      BUDGETING_MESSAGES.amountTooLarge,
    );
    await refusedWith(
      await call('PATCH', `/costs/${small.id}`, { hours: 1e-9 }),
      BUDGETING_MESSAGES.hoursInvalid,
    );
    await refusedWith(
      await call('PATCH', `/costs/${small.id}`, { userId: dear.id, hours: 2 }),
      BUDGETING_MESSAGES.amountTooLarge,
    );
    const bought = await ok<CostEntry>(
      'POST',
      `/projects/${project.id}/costs`,
      expense(5, '2026-05-04'),
    );
    await refusedWith(
      await call('PATCH', `/costs/${bought.id}`, { category: 'labour', userId: dear.id, hours: 3 }),
      BUDGETING_MESSAGES.amountTooLarge,
    );

    const after = await ok<ProjectDetail>('GET', `/projects/${project.id}`);
    expect(after).toMatchObject({ actual: gbp(MONEY_MAX_MINOR + 1 + 5), costCount: 3 });
  });

  it('refuses an amount in another currency and an unknown cost', async () => {
    const project = await newProject();
    const euros = await addCost(project.id, {
      ...expense(1),
      amount: { amount: 1, currency: 'EUR' },
    });
    expect(euros.statusCode).toBe(400);
    expect((await call('DELETE', '/costs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});

describe('closed months', () => {
  it('refuses adding, changing into or out of, and deleting in a closed month; admins reopen', async () => {
    const project = await newProject();
    const inMarch = await ok<CostEntry>(
      'POST',
      `/projects/${project.id}/costs`,
      expense(100, '2026-03-05'),
    );
    const inApril = await ok<CostEntry>(
      'POST',
      `/projects/${project.id}/costs`,
      expense(100, '2026-04-05'),
    );
    const closed = await ok<ClosedMonth>('POST', '/closed-months', { month: '2026-03' });
    expect(closed).toMatchObject({ month: '2026-03', closedBy: { id: finance.id } });
    expect((await call('POST', '/closed-months', { month: '2026-03' })).statusCode).toBe(409);

    expect((await addCost(project.id, expense(1, '2026-03-31'))).statusCode).toBe(409);
    expect((await call('PATCH', `/costs/${inMarch.id}`, { description: 'x' })).statusCode).toBe(
      409,
    );
    expect((await call('PATCH', `/costs/${inApril.id}`, { date: '2026-03-01' })).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', `/costs/${inMarch.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/costs/${inApril.id}`)).statusCode).toBe(204);

    expect((await call('DELETE', '/closed-months/2026-03')).statusCode).toBe(403);
    expect((await call('DELETE', '/closed-months/2026-03', undefined, adminToken)).statusCode).toBe(
      204,
    );
    expect((await call('DELETE', `/costs/${inMarch.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', '/closed-months/2026-03', undefined, adminToken)).statusCode).toBe(
      404,
    );
  });
});

describe('exports', () => {
  it('writes the project list as CSV: every matching row, plain decimals, a currency column', async () => {
    const code = `CSV${Date.now().toString(36)}`.toUpperCase();
    const over = await newProject({ code: `${code}-A`, budget: gbp(1000) });
    await addCost(over.id, expense(1250));
    await newProject({
      code: `${code}-B`,
      currency: 'JPY',
      budget: { amount: 5000, currency: 'JPY' },
    });
    const response = await call('GET', `/projects/export.csv?search=${code}&limitPerPage=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="projects.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'code,name,client,status,owner,currency,budget,actual,remaining,percentUsed,forecast,startDate,endDate',
    );
    // Over budget: the negative remaining is a number, not a defused formula.
    expect(lines[1]).toContain(`${code}-A,`);
    expect(lines[1]).toContain(',GBP,10.00,12.50,-2.50,125,');
    expect(lines[2]).toContain(',JPY,5000,0,5000,0,');
    expect(lines.slice(3)).toEqual(['']);
  });

  it('escapes cells a spreadsheet would run as formulas', async () => {
    const project = await newProject({ name: '=HYPERLINK("x")', client: '@evil' });
    await addCost(project.id, { ...expense(1250), description: '+cmd|calc' });
    await addCost(project.id, { ...expense(-300, '2026-05-09'), description: '-2+3' });
    const list = await call('GET', `/projects/export.csv?search=${project.code}`);
    expect(list.body).toContain(`"'=HYPERLINK(""x"")",'@evil,`);

    const costs = await call(
      'GET',
      `/projects/${project.id}/costs/export.csv?sortBy=date&sortDirection=DESC`,
    );
    expect(costs.headers['content-disposition']).toBe(
      `attachment; filename="${project.code}-costs.csv"`,
    );
    expect(costs.body.split('\r\n')).toEqual([
      'date,category,description,amount,currency,person,hours,rate,importBatchId',
      `2026-05-10,software,'+cmd|calc,12.50,GBP,,,,`,
      `2026-05-09,software,'-2+3,-3.00,GBP,,,,`,
      '',
    ]);
  });

  it('defuses a leading tab or carriage return too (text the schemas trim, so not from a call)', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['\tx', '\ry'],
          ['-1.5', '-1e3'],
        ],
      ),
    ).toBe(`a,b\r\n'\tx,"'\ry"\r\n-1.5,'-1e3\r\n`);
  });
});

describe('who may', () => {
  it.each<[Position, number]>([
    ['admin', 200],
    ['finance', 200],
    ['project_owner', 403],
    ['project_manager', 403],
    ['contractor', 403],
  ])('%s gets %d from the area', async (position, status) => {
    const user = await createUser(t, { position });
    const token = (await loginTokens(t, user)).access_token;
    for (const url of ['/projects', '/cost-rates', '/closed-months', '/budgeting/people']) {
      expect((await call('GET', url, undefined, token)).statusCode).toBe(status);
    }
    const create = await call(
      'POST',
      '/projects',
      { code: `WHO-${position}`.toUpperCase().replace('_', '-') },
      token,
    );
    expect(create.statusCode).toBe(status === 200 ? 400 : 403);
  });

  it('signed out gets 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/projects' });
    expect(response.statusCode).toBe(401);
  });

  it('writes every change to the audit trail with before and after', async () => {
    const project = await newProject();
    await ok('PATCH', `/projects/${project.id}`, { name: 'Renamed' });
    const event = await t.db
      .selectFrom('audit_events')
      .select(['details', 'actor_id'])
      .where('action', '=', 'project.updated')
      .where('target_id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(event.actor_id).toBe(finance.id);
    expect(JSON.parse(event.details!)).toEqual({
      before: { name: project.name },
      after: { name: 'Renamed' },
    });
  });
});

describe('audit trail', () => {
  const detailsOf = async (action: string, targetId: string | null) => {
    let query = t.db
      .selectFrom('audit_events')
      .select(['details', 'actor_id'])
      .where('action', '=', action);
    query =
      targetId === null
        ? query.where('target_id', 'is', null)
        : query.where('target_id', '=', targetId);
    const rows = await query.execute();
    expect(rows, action).toHaveLength(1);
    return { actorId: rows[0]!.actor_id, details: JSON.parse(rows[0]!.details!) as unknown };
  };

  it('records a cost made, changed and deleted, with before and after', async () => {
    const project = await newProject();
    const cost = await ok<CostEntry>('POST', `/projects/${project.id}/costs`, expense(500));
    await ok('PATCH', `/costs/${cost.id}`, { amount: gbp(700), description: 'More seats' });
    expect((await call('DELETE', `/costs/${cost.id}`)).statusCode).toBe(204);

    expect(await detailsOf('cost.created', cost.id)).toMatchObject({
      actorId: finance.id,
      details: { projectId: project.id, after: { amountMinor: 500, date: '2026-05-10' } },
    });
    expect((await detailsOf('cost.updated', cost.id)).details).toMatchObject({
      before: { amountMinor: 500, description: 'Licences' },
      after: { amountMinor: 700, description: 'More seats' },
    });
    expect((await detailsOf('cost.deleted', cost.id)).details).toMatchObject({
      projectId: project.id,
      before: { amountMinor: 700, category: 'software' },
    });
  });

  it('records a budget revision, a rate and a month closed and reopened', async () => {
    const project = await newProject();
    await ok('POST', `/projects/${project.id}/budget-revisions`, {
      amount: gbp(1_500_000),
      reason: 'Scope grew',
    });
    expect((await detailsOf('budget.revised', project.id)).details).toEqual({
      before: gbp(1_000_000),
      after: gbp(1_500_000),
      reason: 'Scope grew',
    });

    const person = await createUser(t);
    await ok('POST', '/cost-rates', {
      userId: person.id,
      rate: gbp(4000),
      validFrom: '2026-01-01',
    });
    expect((await detailsOf('cost_rate.created', person.id)).details).toMatchObject({
      after: { userId: person.id, rate: gbp(4000), validFrom: '2026-01-01' },
    });

    await ok('POST', '/closed-months', { month: '2025-11' });
    expect((await call('DELETE', '/closed-months/2025-11', undefined, adminToken)).statusCode).toBe(
      204,
    );
    const events = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'details'])
      .where('action', 'in', ['month.closed', 'month.reopened'])
      .execute();
    const about = events
      .map((e) => ({
        action: e.action,
        actorId: e.actor_id,
        details: JSON.parse(e.details!) as { month: string },
      }))
      .filter((e) => e.details.month === '2025-11');
    expect(about).toEqual(
      expect.arrayContaining([
        {
          action: 'month.closed',
          actorId: finance.id,
          details: expect.objectContaining({
            before: { closed: false },
            after: expect.objectContaining({ closed: true }),
          }),
        },
        {
          action: 'month.reopened',
          actorId: admin.id,
          details: expect.objectContaining({
            before: expect.objectContaining({ closed: true, closedBy: finance.id }),
            after: { closed: false },
          }),
        },
      ]),
    );
    expect(about).toHaveLength(2);
  });
});
