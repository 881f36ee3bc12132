import {
  ALERT_RULE_KIND_LABELS,
  ALERT_RULE_KINDS,
  INCIDENT_STATE_LABELS,
  INCIDENT_STATES,
  type ApiSuccess,
  type Incident,
  type IncidentDetail,
  type Paginated,
} from '@staff-admin/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { listView, oneOfParam, type ParamsOf } from '../../../lib/list-params.js';
import { ALERTS_KEY } from './get-alert-rules.js';

/** The incidents' view in the URL of /monitoring/alerts (`listIncidentsQuerySchema`). */
export const INCIDENT_LIST = listView({
  filters: {
    state: oneOfParam(INCIDENT_STATES, INCIDENT_STATE_LABELS),
    kind: oneOfParam(ALERT_RULE_KINDS, ALERT_RULE_KIND_LABELS),
  },
});
export type IncidentParams = ParamsOf<typeof INCIDENT_LIST>;

/** GET /monitoring/incidents: one page, newest first. */
async function getIncidents(
  params: IncidentParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<Incident>> {
  const { data } = await api.get<Paginated<Incident>>('/monitoring/incidents', {
    params: INCIDENT_LIST.apiQuery(params),
    signal,
  });
  return data;
}

export function useIncidents(params: IncidentParams) {
  return useQuery(
    queryOptions({
      queryKey: [...ALERTS_KEY, 'incidents', params] as const,
      queryFn: ({ signal }) => getIncidents(params, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export const incidentQueryKey = (id: string) => [...ALERTS_KEY, 'incident', id] as const;

/** GET /monitoring/incidents/{id}: the incident and its timeline. */
export function useIncident(id: string) {
  return useQuery({
    queryKey: incidentQueryKey(id),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ApiSuccess<IncidentDetail>>(
        `/monitoring/incidents/${encodeURIComponent(id)}`,
        { signal },
      );
      return data.data;
    },
  });
}

/** POST /monitoring/incidents/{id}/acknowledge. */
export function useAcknowledgeIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.post<ApiSuccess<IncidentDetail>>(
        `/monitoring/incidents/${encodeURIComponent(id)}/acknowledge`,
      );
      return data.data;
    },
    onSuccess: async (incident) => {
      queryClient.setQueryData(incidentQueryKey(id), incident);
      await queryClient.invalidateQueries({ queryKey: [...ALERTS_KEY, 'incidents'] });
    },
  });
}
