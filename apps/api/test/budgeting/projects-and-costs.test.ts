import type {
  ClosedMonth,
  CostEntry,
  CostImportResult,
  CostRate,
  ImportBatch,
  Position,
  ProjectDetail,
  ProjectList,
} from '@staff-admin/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { multipart, pngPart } from '../images.js';
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

async function importCsv(projectId: string, csv: string, dryRun: boolean, mapping?: object) {
  const form = multipart(
    [{ field: 'file', filename: 'costs.csv', contentType: 'text/csv', data: Buffer.from(csv) }],
    mapping ? { mapping: JSON.stringify(mapping) } : {},
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/costs/import?dryRun=${dryRun}`,
    headers: { ...bearer(financeToken), ...form.headers },
    payload: form.payload,
  });
}

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
    const actions = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'in', ['month.closed', 'month.reopened'])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['month.closed', 'month.reopened']);
  });
});

describe('import', () => {
  const header = 'date,category,description,amount,currency,person,hours';

  it('previews without writing, commits as one batch, and undoes it', async () => {
    const project = await newProject();
    const csv = [
      header,
      '2026-05-01,Software,IDE,120.50,GBP,,',
      '2026-05-02,travel,Train,30,,,',
    ].join('\r\n');
    const preview = await importCsv(project.id, `\uFEFF${csv}`, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ data: CostImportResult }>().data).toMatchObject({
      dryRun: true,
      rowCount: 2,
      validCount: 2,
      errorCount: 0,
      total: gbp(15050),
      batch: null,
    });
    expect((await ok<ProjectDetail>('GET', `/projects/${project.id}`)).actual).toEqual(gbp(0));

    const committed = await importCsv(project.id, csv, false);
    expect(committed.statusCode, committed.body).toBe(201);
    const batch = committed.json<{ data: CostImportResult }>().data.batch!;
    expect(batch).toMatchObject({ rowCount: 2, total: gbp(15050), undoneAt: null });
    expect((await ok<ProjectDetail>('GET', `/projects/${project.id}`)).actual).toEqual(gbp(15050));

    expect((await call('DELETE', `/import-batches/${batch.id}`)).statusCode).toBe(204);
    expect((await ok<ProjectDetail>('GET', `/projects/${project.id}`)).actual).toEqual(gbp(0));
    expect((await call('DELETE', `/import-batches/${batch.id}`)).statusCode).toBe(409);
    const batches = await ok<ImportBatch[]>('GET', `/projects/${project.id}/import-batches`);
    expect(batches[0]).toMatchObject({ id: batch.id, undoneBy: { id: finance.id } });
  });

  it('lists each bad row and refuses to commit a file with errors', async () => {
    const project = await newProject();
    const noRate = await createUser(t);
    const csv = [
      header,
      '2026-05-01,software,IDE,10,GBP,,',
      '2026-05-01,software,IDE,10,GBP,,',
      '2026-13-01,software,Bad date,10,,,',
      '2026-05-03,snacks,Bad category,10,,,',
      '2026-05-04,software,Dollars,10,USD,,',
      '2026-05-05,software,Too precise,10.005,,,',
      `2026-05-06,labour,Nobody,,,${noRate.email},1`,
    ].join('\n');
    const preview = (await importCsv(project.id, csv, true)).json<{ data: CostImportResult }>()
      .data;
    expect(preview.validCount).toBe(1);
    expect(preview.errorCount).toBe(6);
    expect(preview.errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'row'],
      [3, 'date'],
      [4, 'category'],
      [5, 'currency'],
      [6, 'amount'],
      [7, 'person'],
    ]);
    const commit = await importCsv(project.id, csv, false);
    expect(commit.statusCode).toBe(400);
    expect((await ok<ProjectDetail>('GET', `/projects/${project.id}`)).costCount).toBe(0);
  });

  it('maps columns by name and prices labour from the rates', async () => {
    const project = await newProject();
    const person = await createUser(t);
    await ok('POST', '/cost-rates', {
      userId: person.id,
      rate: gbp(4525),
      validFrom: '2020-01-01',
    });
    const csv = ['When,Kind,What,Who,Time', `2026-05-01,labour,Build,${person.email},7.5`].join(
      '\n',
    );
    const mapping = {
      date: 'When',
      category: 'Kind',
      description: 'What',
      person: 'Who',
      hours: 'Time',
    };
    const result = await importCsv(project.id, csv, false, mapping);
    expect(result.statusCode, result.body).toBe(201);
    // 45.25 × 7.5 = 339.375 → 339.38
    expect(result.json<{ data: CostImportResult }>().data.total).toEqual(gbp(33938));
  });

  it('refuses as a whole a file in a closed month, and the undo of a batch in one', async () => {
    const project = await newProject();
    const batch = (
      await importCsv(project.id, [header, '2026-02-10,other,Fee,5,,,'].join('\n'), false)
    ).json<{ data: CostImportResult }>().data.batch!;
    await ok('POST', '/closed-months', { month: '2026-02' });
    const refused = await importCsv(
      project.id,
      [header, '2026-02-11,other,Fee,5,,,'].join('\n'),
      false,
    );
    expect(refused.statusCode).toBe(409);
    expect((await call('DELETE', `/import-batches/${batch.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', '/closed-months/2026-02', undefined, adminToken)).statusCode).toBe(
      204,
    );
  });

  it('refuses files that are not CSV text or are over 10 MB', async () => {
    const project = await newProject();
    const png = multipart([pngPart(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'costs.csv')]);
    const binary = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/costs/import?dryRun=true`,
      headers: { ...bearer(financeToken), ...png.headers },
      payload: png.payload,
    });
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ errors: { file: expect.any(String) } });
    const big = await importCsv(
      project.id,
      `${header}\n${'x'.repeat(10 * 1024 * 1024 + 10)}`,
      true,
    );
    expect(big.statusCode).toBe(413);
  });
});

describe('exports', () => {
  it('escapes cells a spreadsheet would run as formulas', async () => {
    const project = await newProject({ name: '=HYPERLINK("x")', client: '@evil' });
    await addCost(project.id, { ...expense(1250), description: '+cmd|calc' });
    const list = await call('GET', `/projects/export.csv?search=${project.code}`);
    expect(list.headers['content-type']).toContain('text/csv');
    expect(list.body).toContain(`"'=HYPERLINK(""x"")",'@evil`);
    expect(list.body).toContain(',12.50,');
    const costs = await call('GET', `/projects/${project.id}/costs/export.csv`);
    expect(costs.body.split('\r\n')[1]).toBe("2026-05-10,software,'+cmd|calc,12.50,GBP,,,,");
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
