import type { BudgetRevision, ProjectDetail } from '@staff-admin/shared';

/**
 * The budget in force at the end of each month: the latest revision made by then (the first one
 * for months before it). Without the history yet, the current budget.
 */
export function budgetByMonth(
  project: ProjectDetail,
  revisions: readonly BudgetRevision[] | undefined,
): number[] {
  const oldestFirst = [...(revisions ?? [])].reverse();
  return project.monthlyCosts.map(({ month }) => {
    const [year = 0, monthNumber = 1] = month.split('-').map(Number);
    const monthEnd = new Date(Date.UTC(year, monthNumber, 1)).toISOString();
    const inForce = oldestFirst.filter((revision) => revision.createdAt < monthEnd).at(-1);
    return (inForce ?? oldestFirst[0])?.amount.amount ?? project.budget.amount;
  });
}
