import { AUDIT_ACTIONS, type AuditPage } from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import {
  listView,
  minuteParam,
  oneOfParam,
  textParam,
  type FiltersOf,
  type ParamsOf,
} from '../../../lib/list-params.js';

/**
 * The audit trail's view in the URL of /monitoring/security. Ids and times go to the server as
 * typed: it answers a bad one with the field's message, which the filters show.
 */
export const AUDIT_LIST = listView({
  filters: {
    /** User ids. */
    actor: textParam,
    target: textParam,
    action: oneOfParam(AUDIT_ACTIONS),
    from: minuteParam,
    to: minuteParam,
  },
  pageSize: 20,
});
export type AuditFilters = FiltersOf<typeof AUDIT_LIST>;
export type AuditParams = ParamsOf<typeof AUDIT_LIST>;

/** GET /audit: one page of the audit trail, newest first. */
async function getAuditEvents(
  params: AuditParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditPage> {
  const { data } = await api.get<AuditPage>('/audit', {
    params: AUDIT_LIST.apiQuery(params),
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
