import type { ApiSuccess, SecuritySummary } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** The Security screen's figures; invalidate it after an unlock. */
export const SECURITY_KEY = ['monitoring', 'security'] as const;

/** GET /monitoring/security/summary: failed sign-ins per hour and refresh-token reuse. */
async function getSecuritySummary({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await api.get<ApiSuccess<SecuritySummary>>('/monitoring/security/summary', {
    signal,
  });
  return data.data;
}

const getSecuritySummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'summary'] as const,
    queryFn: ({ signal }) => getSecuritySummary({ signal }),
  });

export function useSecuritySummary() {
  return useQuery(getSecuritySummaryQueryOptions());
}
