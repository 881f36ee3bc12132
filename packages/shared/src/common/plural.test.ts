import { describe, expect, it } from 'vitest';
import { countLabel, formatCount, pluralForm } from './plural.js';

describe('countLabel', () => {
  it.each([
    [0, '0 rows have errors'],
    [1, '1 row has errors'],
    [2, '2 rows have errors'],
    [1.5, '1.5 rows have errors'],
    [12_500, '12,500 rows have errors'],
  ])('puts the right words after %s', (count, text) => {
    expect(countLabel(count, ['row has errors', 'rows have errors'])).toBe(text);
  });

  it('says "more than" a count the server stopped at, always in the plural', () => {
    expect(countLabel(10_000, ['event', 'events'], true)).toBe('More than 10,000 events');
  });
});

describe('formatCount', () => {
  it('writes counts as en-GB does, without building a number format for whole numbers', () => {
    const format = new Intl.NumberFormat('en-GB');
    for (const count of [0, 7, 999, 1_000, -1_000, 12_345, 100_000, 1_234_567, -987_654_321]) {
      expect(formatCount(count)).toBe(format.format(count));
    }
    expect(formatCount(Number.MAX_SAFE_INTEGER)).toBe(format.format(Number.MAX_SAFE_INTEGER));
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});

describe('pluralForm', () => {
  it('chooses the words alone, for a count written elsewhere', () => {
    expect(pluralForm(1, ['cost', 'costs'])).toBe('cost');
    expect(pluralForm(0, ['cost', 'costs'])).toBe('costs');
  });
});
