import type { Paginated, ScimLogEntry } from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { listView, oneOfParam, type ParamsOf } from '../../../lib/list-params.js';

/** The sync log's filter: every call ('' in the URL), or `result=failed`. */
const RESULT_CHOICES = ['failed'] as const;

/** The sync log's view in the URL of /monitoring/directory (`scimLogQuerySchema`). */
export const SCIM_LOG_LIST = listView({
  filters: { result: oneOfParam(RESULT_CHOICES, { failed: 'Failed only' }) },
});
export type ScimLogParams = ParamsOf<typeof SCIM_LOG_LIST>;

export const SCIM_LOG_KEY = ['directory', 'log'] as const;

/** GET /directory/log: one page of SCIM calls, newest first. */
async function getScimLog(
  params: ScimLogParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<ScimLogEntry>> {
  const { data } = await api.get<Paginated<ScimLogEntry>>('/directory/log', {
    params: SCIM_LOG_LIST.apiQuery(params),
    signal,
  });
  return data;
}

const scimLogQueryOptions = (params: ScimLogParams) =>
  queryOptions({
    queryKey: [...SCIM_LOG_KEY, params] as const,
    queryFn: ({ signal }) => getScimLog(params, { signal }),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useScimLog(params: ScimLogParams) {
  return useQuery(scimLogQueryOptions(params));
}
