import type { ApiSuccess, BudgetRevision, ImportBatch, ProjectDetail } from '@staff-admin/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { budgetingKeys } from './keys.js';

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** GET /projects/{id}: the project's figures and its cost per month. */
export function useProject(id: string) {
  return useQuery({
    queryKey: budgetingKeys.project(id),
    queryFn: async ({ signal }) =>
      (await api.get<ApiSuccess<ProjectDetail>>(projectPath(id), { signal })).data.data,
  });
}

/** GET /projects/{id}/budget-revisions: newest first. */
export function useBudgetRevisions(id: string) {
  return useQuery({
    queryKey: budgetingKeys.revisions(id),
    queryFn: async ({ signal }) =>
      (
        await api.get<ApiSuccess<BudgetRevision[]>>(`${projectPath(id)}/budget-revisions`, {
          signal,
        })
      ).data.data,
  });
}

/** GET /projects/{id}/import-batches: newest first. */
export function useImportBatches(id: string) {
  return useQuery({
    queryKey: budgetingKeys.importBatches(id),
    queryFn: async ({ signal }) =>
      (await api.get<ApiSuccess<ImportBatch[]>>(`${projectPath(id)}/import-batches`, { signal }))
        .data.data,
  });
}
