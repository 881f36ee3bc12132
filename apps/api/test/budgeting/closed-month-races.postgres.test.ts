import {
  BUDGETING_MESSAGES as M,
  type CostEntry,
  type CostImportResult,
  type ImportBatch,
} from '@staff-admin/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  waitUntil,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { multipart } from '../images.js';
import { budgetingClient, gbp } from './client.js';

/**
 * Closing a month while costs are written into it (issue 32, finding 2). PostgreSQL runs
 * transactions side by side, so a close could commit between a write's month check and its
 * commit. SQLite cannot interleave them: its write transactions begin IMMEDIATE on one connection
 * and run one at a time, so there is nothing to race there: this file runs in `api:postgres` only
 * (`*.postgres.test.ts`, apps/api/vitest.config.ts).
 */

let t: TestApp;
let finance: TestUser;
let financeToken: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(Date.parse('2031-06-15T12:00:00Z'));
  finance = await createUser(t, { position: 'finance' });
  financeToken = (await loginTokens(t, finance)).access_token;
});
afterAll(async () => {
  await t.close();
});

const { call, ok, newProject } = budgetingClient(
  () => t,
  () => financeToken,
);

const expense = (date: string) => ({
  date,
  category: 'software',
  description: 'Licences',
  amount: gbp(100),
});

function importFile(projectId: string, lines: string[]) {
  const form = multipart([
    {
      field: 'file',
      filename: 'costs.csv',
      contentType: 'text/csv',
      data: Buffer.from(lines.join('\n')),
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/costs/import`,
    headers: { ...bearer(financeToken), ...form.headers },
    payload: form.payload,
  });
}

/**
 * A second connection takes the project's row and keeps it: every write of the project's costs
 * then stops inside its transaction, past its month check, at the project's total.
 */
async function holdProject(projectId: string) {
  if (t.config.database.engine !== 'postgres') throw new Error('PostgreSQL only');
  const client = new pg.Client({ connectionString: t.config.database.connectionString });
  await client.connect();
  await client.query('begin');
  await client.query('select 1 from projects where id = $1 for update', [projectId]);
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

/** How many of the app's statements wait for a lock. */
async function waitingForLocks(): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*) as count from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
  return Number(rows[0]?.count);
}

/** Sends a request and tells whether it has been answered yet. */
function track<T>(request: Promise<T>) {
  const state = { answered: false, answer: request };
  void request.then(() => (state.answered = true));
  return state;
}

type Answer = Awaited<ReturnType<typeof call>>;

/** Each way costs reach a month: what it needs first, and its request, sent once the project is held. */
const writes: [string, (projectId: string, month: string) => Promise<() => Promise<Answer>>][] = [
  [
    'a cost added',
    async (projectId, month) => () =>
      call('POST', `/projects/${projectId}/costs`, expense(`${month}-10`)),
  ],
  [
    'a cost changed',
    async (projectId, month) => {
      const cost = await ok<CostEntry>(
        'POST',
        `/projects/${projectId}/costs`,
        expense(`${month}-10`),
      );
      return () => call('PATCH', `/costs/${cost.id}`, { description: 'Renewed' });
    },
  ],
  [
    'a cost moved into the month',
    async (projectId, month) => {
      const cost = await ok<CostEntry>(
        'POST',
        `/projects/${projectId}/costs`,
        expense('2031-06-01'),
      );
      return () => call('PATCH', `/costs/${cost.id}`, { date: `${month}-03` });
    },
  ],
  [
    'a cost deleted',
    async (projectId, month) => {
      const cost = await ok<CostEntry>(
        'POST',
        `/projects/${projectId}/costs`,
        expense(`${month}-10`),
      );
      return () => call('DELETE', `/costs/${cost.id}`);
    },
  ],
  [
    'a file imported',
    async (projectId, month) => {
      const rows = Array.from({ length: 200 }, (_, i) => `${month}-01,other,Row ${i},1.00`);
      return () => importFile(projectId, ['date,category,description,amount', ...rows]);
    },
  ],
  [
    'an import undone',
    async (projectId, month) => {
      const imported = await importFile(projectId, [
        'date,category,description,amount',
        `${month}-01,other,Row,1.00`,
      ]);
      const { batch } = imported.json<{ data: CostImportResult }>().data;
      return () => call('DELETE', `/import-batches/${(batch as ImportBatch).id}`);
    },
  ],
];

describe('closing a month while costs are written into it (PostgreSQL)', () => {
  it.each(
    writes.map(([name, prepare], index) => ({
      name,
      prepare,
      month: `2032-${String(index + 1).padStart(2, '0')}`,
    })),
  )('waits for $name, which lands before the month closes', async ({ prepare, month }) => {
    const project = await newProject(finance.id, { startDate: '2031-01-01', endDate: null });
    const send = await prepare(project.id, month);
    const release = await holdProject(project.id);
    const write = track(send());
    await waitUntil(async () => (await waitingForLocks()) === 1, { what: 'the write waiting' });

    const close = track(call('POST', '/closed-months', { month }));
    await waitUntil(async () => close.answered || (await waitingForLocks()) === 2, {
      what: 'the close answered or waiting',
    });
    // Before the fix the close answered 201 here, and the write then landed in a closed month.
    expect(close.answered, 'the close answered while a write into its month was in flight').toBe(
      false,
    );

    await release();
    const written = await write.answer;
    expect(written.statusCode, written.body).toBeLessThan(300);
    expect((await close.answer).statusCode).toBe(201);
    // Once closed, the month takes no more writes.
    expect(
      (await call('POST', `/projects/${project.id}/costs`, expense(`${month}-20`))).statusCode,
    ).toBe(409);
  });

  it('checks a change queued behind a close against the entry as it is then, not as it was', async () => {
    const project = await newProject(finance.id, { startDate: '2031-01-01', endDate: null });
    const cost = await ok<CostEntry>(
      'POST',
      `/projects/${project.id}/costs`,
      expense('2033-05-10'),
    );
    const release = await holdProject(project.id);
    // Moved into June (held inside its transaction), June closed (waits for the move), and a
    // delete read while the entry was still in May.
    const move = track(call('PATCH', `/costs/${cost.id}`, { date: '2033-06-10' }));
    await waitUntil(async () => (await waitingForLocks()) === 1, { what: 'the move waiting' });
    const close = track(call('POST', '/closed-months', { month: '2033-06' }));
    await waitUntil(async () => (await waitingForLocks()) === 2, { what: 'the close waiting' });
    const remove = track(call('DELETE', `/costs/${cost.id}`));
    await waitUntil(async () => (await waitingForLocks()) === 3, { what: 'the delete waiting' });

    await release();
    expect((await move.answer).statusCode).toBe(200);
    expect((await close.answer).statusCode).toBe(201);
    const removed = await remove.answer;
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ message: M.monthClosed });
    const costs = await ok<CostEntry[]>('GET', `/projects/${project.id}/costs`);
    expect(costs.map((entry) => entry.date)).toEqual(['2033-06-10']);
  });
});
