import { describe, expect, it } from 'vitest';
import { countLabel, pluralForm } from './plural.js';

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

describe('pluralForm', () => {
  it('chooses the words alone, for a count written elsewhere', () => {
    expect(pluralForm(1, ['cost', 'costs'])).toBe('cost');
    expect(pluralForm(0, ['cost', 'costs'])).toBe('costs');
  });
});
