import type { Overview } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** The overview refreshes itself this often while it is open (the server's heartbeat interval). */
export const OVERVIEW_REFRESH_MS = 15_000;

export const OVERVIEW_KEY = ['monitoring', 'overview'] as const;

/** GET /monitoring/overview: the health of every part, the live processes and the day's counts. */
async function getOverview({ signal }: { signal?: AbortSignal } = {}): Promise<Overview> {
  const { data } = await api.get<{ data: Overview }>('/monitoring/overview', { signal });
  return data.data;
}

const getOverviewQueryOptions = () =>
  queryOptions({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => getOverview({ signal }),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });

export function useOverview() {
  return useQuery(getOverviewQueryOptions());
}
