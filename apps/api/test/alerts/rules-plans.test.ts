import {
  CompiledQuery,
  createQueryId,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { AlertRulesRepository } from '../../src/modules/alert-rules/index.js';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * The evaluator's budget (issue 37: under 50 ms of database time per pass over a million audit
 * events and 100,000 occurrences) rests on every query it makes reading an index over a bounded
 * window. This checks each query's plan on the engine it runs on: no full scan of the big tables
 * (on PostgreSQL with sequential scans priced out, as the planner picks them on tiny tables).
 */

const BIG_TABLES = [
  'audit_events',
  'error_occurrences',
  'error_groups',
  'mail_outbox',
  'alert_incidents',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The queries one repository call makes, as the engine would run them. */
async function queriesOf(run: (repository: AlertRulesRepository) => Promise<unknown>) {
  const nodes: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node }: PluginTransformQueryArgs) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  };
  await run(new AlertRulesRepository(t.db.withPlugin(capture)));
  return nodes.map((node) => t.db.getExecutor().compileQuery(node, createQueryId()));
}

async function planOf(query: CompiledQuery): Promise<string> {
  if (t.database.engine === 'sqlite') {
    const { rows } = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail).join('\n');
  }
  return t.db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    try {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await connection.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
    }
  });
}

const fullScans = (plan: string) =>
  BIG_TABLES.filter((table) =>
    new RegExp(`(^|\\n)\\s*(SCAN ${table}(?! USING)|.*Seq Scan on ${table}\\b)`).test(plan),
  );

const now = new Date();
const iso = (minutesAgo: number) => toIso(now.getTime() - minutesAgo * 60_000);

describe("the evaluator's queries read indexes over bounded windows", () => {
  it.each([
    ['new error groups', (r: AlertRulesRepository) => r.newErrorGroups(iso(2), iso(0), 100)],
    ['regressions', (r: AlertRulesRepository) => r.regressedErrorGroups(iso(2), iso(0), 100)],
    ['error occurrences', (r: AlertRulesRepository) => r.occurrencesSince(iso(5), 1000)],
    ['lockouts', (r: AlertRulesRepository) => r.auditEventsSince('auth.locked_out', iso(5), 100)],
    ['mail given up', (r: AlertRulesRepository) => r.mailsGivenUp(iso(1), iso(0))],
    ['open incidents', (r: AlertRulesRepository) => r.openIncidentsOf([newId(), newId()])],
    ['last opened', (r: AlertRulesRepository) => r.lastOpenedAt(newId(), ['a', 'b'])],
    ['last notice', (r: AlertRulesRepository) => r.lastNotifiedAt(newId(), 'a')],
  ])('%s', async (_name, run) => {
    const queries = await queriesOf(run);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(query);
      expect(fullScans(plan), `${query.sql}\n${plan}`).toEqual([]);
    }
  });

  it('would see a full scan (the check itself bites)', async () => {
    const query = t.db
      .selectFrom('audit_events')
      .select('id')
      .where('details', 'like', '%locked%')
      .compile();
    expect(fullScans(await planOf(query))).toEqual(['audit_events']);
  });
});
