import type { CostCategory, CostEntry, Paginated } from '@staff-admin/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { downloadFile } from '../../../lib/download-file.js';
import { budgetingKeys } from './keys.js';

/** The costs tab's view: filters (empty = all) and page. */
export interface CostsParams {
  from: string;
  to: string;
  category: CostCategory | '';
  userId: string;
  page: number;
  limitPerPage: number;
}

/** The query string of the list and of its CSV export: empty filters are left out. */
export const costsQuery = (params: CostsParams) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));

/** GET /projects/{id}/costs: one page, newest day first. */
export function useCosts(projectId: string, params: CostsParams) {
  return useQuery({
    queryKey: budgetingKeys.costs(projectId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<CostEntry>>(`/projects/${encodeURIComponent(projectId)}/costs`, {
          params: costsQuery(params),
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /projects/{id}/costs/export.csv: every cost the filters match, as a download. */
export function useExportCostsCsv() {
  return useMutation({
    mutationFn: ({
      projectId,
      code,
      params,
    }: {
      projectId: string;
      code: string;
      params: CostsParams;
    }) => {
      const { page: _page, limitPerPage: _limit, ...filters } = costsQuery(params);
      return downloadFile(
        `/projects/${encodeURIComponent(projectId)}/costs/export.csv`,
        filters,
        `${code}-costs.csv`,
      );
    },
  });
}
