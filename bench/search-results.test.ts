import { describe, expect, it } from 'vitest';
import { findCases, parsePrintedTables } from './lib/search.mjs';

describe('reading the search bench results', () => {
  it('finds p50/p99 figures at any depth and tells the engines apart', () => {
    const cases = findCases({
      sqlite: { results: [{ name: 'rare term', p50: 1.5, p99: 3 }] },
      engines: [{ engine: 'PostgreSQL', cases: [{ name: 'deep page', p50Ms: 9, p99Ms: 30 }] }],
      note: { p50: 1, p99: 2 },
    });
    expect(cases).toEqual([
      { name: 'rare term', engine: 'sqlite', p50Ms: 1.5, p99Ms: 3 },
      { name: 'deep page', engine: 'postgres', p50Ms: 9, p99Ms: 30 },
    ]);
  });

  it('reads the tables the search bench prints', () => {
    const printed = [
      'SQLite: 100,000 users seeded in 4.3 s; 200 requests per case',
      'case                            matches   p50 ms   p99 ms',
      'rare term (1 match)                   0     0.95     1.75',
      'deep page (9000)                 100001    30.28    70.61',
      '',
      'TEST_DATABASE_URL is not set: PostgreSQL is not measured.',
      'Every median is under 50 ms.',
    ].join('\n');
    expect(findCases(parsePrintedTables(printed))).toEqual([
      { name: 'rare term (1 match)', engine: 'sqlite', p50Ms: 0.95, p99Ms: 1.75 },
      { name: 'deep page (9000)', engine: 'sqlite', p50Ms: 30.28, p99Ms: 70.61 },
    ]);
  });
});
