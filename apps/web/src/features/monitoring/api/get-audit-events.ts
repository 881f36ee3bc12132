import type { AuditAction, AuditPage } from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** The audit trail's filters: what the URL of /monitoring/security holds. */
export interface AuditFilters {
  /** User ids. */
  actor: string;
  target: string;
  action: AuditAction | '';
  /** `datetime-local` values (the browser's time zone), '' for none. */
  from: string;
  to: string;
}

export interface AuditParams extends AuditFilters {
  page: number;
  limitPerPage: number;
}

/** The filters as the API's query: empty ones left out, times as ISO 8601 UTC. */
export function auditQuery({ actor, target, action, from, to }: AuditFilters) {
  const time = (value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toISOString();
  };
  return {
    ...(actor ? { actor } : {}),
    ...(target ? { target } : {}),
    ...(action ? { action } : {}),
    ...(from ? { from: time(from) } : {}),
    ...(to ? { to: time(to) } : {}),
  };
}

/** GET /audit: one page of the audit trail, newest first. */
async function getAuditEvents(
  { page, limitPerPage, ...filters }: AuditParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditPage> {
  const { data } = await api.get<AuditPage>('/audit', {
    params: { ...auditQuery(filters), page, limitPerPage },
    signal,
  });
  return data;
}

const getAuditEventsQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: ['monitoring', 'security', 'audit', params] as const,
    queryFn: ({ signal }) => getAuditEvents(params, { signal }),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAuditEvents(params: AuditParams) {
  return useQuery(getAuditEventsQueryOptions(params));
}
