import type { CostEntry, Paginated } from '@staff-admin/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { downloadFile } from '../../../lib/download-file.js';
import { budgetingKeys } from './keys.js';

export interface CostsParams {
  page: number;
  limitPerPage: number;
}

/** GET /projects/{id}/costs: one page, newest day first. */
export function useCosts(projectId: string, params: CostsParams) {
  return useQuery({
    queryKey: budgetingKeys.costs(projectId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<CostEntry>>(`/projects/${encodeURIComponent(projectId)}/costs`, {
          params,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /projects/{id}/costs/export.csv: every cost of the project, as a download. */
export function useExportCostsCsv() {
  return useMutation({
    mutationFn: ({ projectId, code }: { projectId: string; code: string }) =>
      downloadFile(
        `/projects/${encodeURIComponent(projectId)}/costs/export.csv`,
        {},
        `${code}-costs.csv`,
      ),
  });
}
