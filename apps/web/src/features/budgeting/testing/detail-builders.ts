import type { BudgetRevision, CostRate, ImportBatch, PersonRef } from '@staff-admin/shared';

let counter = 0;
const nextId = (prefix: string) =>
  `${prefix}-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

const gbp = (amount: number) => ({ amount, currency: 'GBP' });

/** The one person `serveProject` offers to pick. */
export const WES: PersonRef = { id: 'u1', fullName: 'Wes Worker', email: 'wes@example.com' };

const FRAN: PersonRef = {
  id: '30000000-0000-4000-8000-000000000001',
  fullName: 'Fran Finance',
  email: 'fran@example.com',
};

/** A budget revision as the API returns it. */
export function createRevision(overrides: Partial<BudgetRevision> = {}): BudgetRevision {
  return {
    id: nextId('50000000'),
    amount: gbp(1_000_000),
    reason: 'Signed contract',
    createdAt: '2026-01-01T09:00:00.000Z',
    createdBy: FRAN,
    ...overrides,
  };
}

/** A cost rate as the API returns it. */
export function createRate(overrides: Partial<CostRate> = {}): CostRate {
  return {
    id: nextId('60000000'),
    person: WES,
    rate: gbp(4500),
    validFrom: '2026-01-01',
    createdAt: '2026-01-01T09:00:00.000Z',
    createdBy: FRAN,
    ...overrides,
  };
}

/** A committed import batch as the API returns it. */
export function createBatch(overrides: Partial<ImportBatch> = {}): ImportBatch {
  return {
    id: nextId('70000000'),
    projectId: 'p',
    fileName: 'may.csv',
    rowCount: 2,
    total: gbp(15050),
    createdAt: '2026-05-31T09:00:00.000Z',
    createdBy: FRAN,
    undoneAt: null,
    undoneBy: null,
    ...overrides,
  };
}
