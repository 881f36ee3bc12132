import {
  CURRENCY_CODES,
  PROJECT_LIST_DEFAULT_SORT,
  PROJECT_SORT_COLUMNS,
  PROJECT_STATUSES,
  type ProjectList,
  PROJECT_STATUS_LABELS,
} from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { downloadFile } from '../../../lib/download-file.js';
import { listView, oneOfParam, searchParam, type ParamsOf } from '../../../lib/list-params.js';
import { budgetingKeys } from './keys.js';

/** The project list's view in the URL of /financial/projects (`listProjectsQuerySchema`). */
export const PROJECTS_LIST = listView({
  filters: {
    search: searchParam,
    status: oneOfParam(PROJECT_STATUSES, PROJECT_STATUS_LABELS),
    currency: oneOfParam(CURRENCY_CODES),
  },
  sort: { columns: PROJECT_SORT_COLUMNS, default: PROJECT_LIST_DEFAULT_SORT, first: 'ASC' },
});
export type ProjectsParams = ParamsOf<typeof PROJECTS_LIST>;

/** GET /projects: one page of projects, with the totals of every match. */
async function getProjects(params: ProjectsParams, signal?: AbortSignal): Promise<ProjectList> {
  const { data } = await api.get<ProjectList>('/projects', {
    params: PROJECTS_LIST.apiQuery(params),
    signal,
  });
  return data;
}

export function useProjects(params: ProjectsParams) {
  return useQuery(
    queryOptions({
      queryKey: budgetingKeys.projects(params),
      queryFn: ({ signal }) => getProjects(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /projects/export.csv: every project the filters match, as a download. */
export function useExportProjectsCsv() {
  return useMutation({
    mutationFn: (params: ProjectsParams) =>
      downloadFile(
        '/projects/export.csv',
        PROJECTS_LIST.apiQuery(params, { allPages: true }),
        'projects.csv',
      ),
  });
}
