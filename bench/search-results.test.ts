import { describe, expect, it } from 'vitest';
import { summarize } from './lib/search.mjs';

const searchCase = (name: string, p50Ms: number, p99Ms: number, budgeted = true) => ({
  name,
  matches: 1,
  p50Ms,
  p99Ms,
  budgeted,
});

describe('reading the search bench results', () => {
  it('takes the worst p50 and p99 of the budgeted cases of each engine', () => {
    const summary = summarize({
      sqlite: [
        searchCase('rare term', 1.5, 30),
        searchCase('deep page', 4, 9),
        searchCase('one character', 25, 90, false),
      ],
      postgres: [searchCase('common term', 9, 30)],
    });
    expect(summary.sqlite).toMatchObject({ worstP50Ms: 4, worstP99Ms: 30 });
    expect(summary.sqlite?.cases).toHaveLength(3);
    expect(summary.postgres).toMatchObject({ worstP50Ms: 9, worstP99Ms: 30 });
  });

  it('refuses an engine without a budgeted case', () => {
    expect(() => summarize({ sqlite: [searchCase('one character', 25, 90, false)] })).toThrow(
      'sqlite: no budgeted search case',
    );
  });
});
