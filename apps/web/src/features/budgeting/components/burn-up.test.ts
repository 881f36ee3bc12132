import { describe, expect, it } from 'vitest';
import { createProject, detailOf } from '../testing/budgeting-api.js';
import { budgetByMonth } from './burn-up.js';

const gbp = (amount: number) => ({ amount, currency: 'GBP' });
const revision = (amount: number, createdAt: string) => ({
  id: createdAt,
  amount: gbp(amount),
  reason: 'r',
  createdAt,
  createdBy: null,
});

describe('budgetByMonth', () => {
  const project = detailOf(createProject({ budget: gbp(300) }), [
    { month: '2026-01', amount: gbp(10) },
    { month: '2026-02', amount: gbp(10) },
    { month: '2026-03', amount: gbp(10) },
  ]);

  it('gives each month the budget in force at its end', () => {
    // Newest first, as the API answers.
    const revisions = [
      revision(300, '2026-03-01T00:00:00.000Z'),
      revision(200, '2026-02-10T00:00:00.000Z'),
      revision(100, '2026-02-05T00:00:00.000Z'),
    ];
    expect(budgetByMonth(project, revisions)).toEqual([100, 200, 300]);
  });

  it('uses the current budget until the history has loaded', () => {
    expect(budgetByMonth(project, undefined)).toEqual([300, 300, 300]);
  });
});
