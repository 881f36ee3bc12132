import {
  COST_CATEGORIES,
  COST_CATEGORY_LABELS,
  type CostEntry,
  type Paginated,
} from '@staff-admin/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { downloadFile } from '../../../lib/download-file.js';
import {
  dayParam,
  idParam,
  inUrlAs,
  listView,
  oneOfParam,
  type ParamsOf,
} from '../../../lib/list-params.js';
import { budgetingKeys } from './keys.js';

/**
 * The costs tab's view in the URL of a project, beside the tab itself (`listCostsQuerySchema`):
 * filters and page, newest day first.
 */
export const COSTS_LIST = listView({
  filters: {
    from: dayParam,
    to: dayParam,
    category: oneOfParam(COST_CATEGORIES, COST_CATEGORY_LABELS),
    userId: inUrlAs('person', idParam),
  },
  pageSize: 20,
});
export type CostsParams = ParamsOf<typeof COSTS_LIST>;

/** GET /projects/{id}/costs: one page, newest day first. */
export function useCosts(projectId: string, params: CostsParams) {
  return useQuery({
    queryKey: budgetingKeys.costs(projectId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<CostEntry>>(`/projects/${encodeURIComponent(projectId)}/costs`, {
          params: COSTS_LIST.apiQuery(params),
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
    }) =>
      downloadFile(
        `/projects/${encodeURIComponent(projectId)}/costs/export.csv`,
        COSTS_LIST.apiQuery(params, { allPages: true }),
        `${code}-costs.csv`,
      ),
  });
}
