import { isDateValue, type AuditAction, type AuditPage } from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** The audit trail's filters: what the URL of /monitoring/security holds. */
export interface AuditFilters {
  /** User ids. */
  actor: string;
  target: string;
  action: AuditAction | '';
  /**
   * `YYYY-MM-DDTHH:mm` in the browser's time zone (a minute DateField's value), '' for none, or
   * text that is no such time, as typed.
   */
  from: string;
  to: string;
}

export interface AuditParams extends AuditFilters {
  page: number;
  limitPerPage: number;
}

/** The filters as the API's query: empty ones left out, times as ISO 8601 UTC. */
export function auditQuery({ actor, target, action, from, to }: AuditFilters) {
  // Only the field's own form is read as a time: the browser would read other text its own way
  // (11/12/2026 as 12 November). Anything else goes as typed, for the server to refuse by name.
  const time = (value: string) =>
    isDateValue(value, 'minute') ? new Date(value).toISOString() : value;
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
