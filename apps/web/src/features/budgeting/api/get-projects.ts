import type {
  ProjectList,
  ProjectSortColumn,
  ProjectStatus,
  SortDirection,
} from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { downloadFile } from '../../../lib/download-file.js';
import { budgetingKeys } from './keys.js';

/** One view of the project list: what the URL of /financial/projects holds. */
export interface ProjectsParams {
  search: string;
  status: ProjectStatus | '';
  currency: string;
  page: number;
  limitPerPage: number;
  sortBy: ProjectSortColumn;
  sortDirection: SortDirection;
}

/** The query string of the list and of its CSV export: empty filters are left out. */
export function projectsQuery({ search, status, currency, ...rest }: ProjectsParams) {
  return {
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(currency ? { currency } : {}),
    ...rest,
  };
}

/** GET /projects: one page of projects, with the totals of every match. */
async function getProjects(params: ProjectsParams, signal?: AbortSignal): Promise<ProjectList> {
  const { data } = await api.get<ProjectList>('/projects', {
    params: projectsQuery(params),
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
    mutationFn: (params: ProjectsParams) => {
      const { page: _page, limitPerPage: _limit, ...filters } = projectsQuery(params);
      return downloadFile('/projects/export.csv', filters, 'projects.csv');
    },
  });
}
