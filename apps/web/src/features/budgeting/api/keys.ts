/**
 * Every cached answer of the area starts with this key. A change of any kind (a cost, a budget, a
 * rate, an import, a closed month) moves a project's figures, its list row and its totals, so
 * each mutation invalidates the whole area rather than guessing which answers it touched.
 */
export const BUDGETING_KEY = ['budgeting'] as const;

export const budgetingKeys = {
  projects: (params: object) => [...BUDGETING_KEY, 'projects', params] as const,
  project: (id: string) => [...BUDGETING_KEY, 'project', id] as const,
  costs: (projectId: string, params: object) =>
    [...BUDGETING_KEY, 'project', projectId, 'costs', params] as const,
  revisions: (projectId: string) => [...BUDGETING_KEY, 'project', projectId, 'revisions'] as const,
  importBatches: (projectId: string) =>
    [...BUDGETING_KEY, 'project', projectId, 'import-batches'] as const,
  rates: (params: object) => [...BUDGETING_KEY, 'rates', params] as const,
  closedMonths: () => [...BUDGETING_KEY, 'closed-months'] as const,
  people: (search: string) => [...BUDGETING_KEY, 'people', search] as const,
};
