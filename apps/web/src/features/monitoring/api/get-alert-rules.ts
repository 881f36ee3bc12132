import type { AlertRule, AlertRuleInput, ApiSuccess } from '@staff-admin/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** Every alert query (rules, incidents, windows); invalidate it after a change. */
export const ALERTS_KEY = ['monitoring', 'alerts'] as const;
const RULES_KEY = [...ALERTS_KEY, 'rules'] as const;

/** GET /monitoring/alert-rules: every rule (finance: the budget rules). */
async function getAlertRules({ signal }: { signal?: AbortSignal } = {}): Promise<AlertRule[]> {
  const { data } = await api.get<ApiSuccess<AlertRule[]>>('/monitoring/alert-rules', { signal });
  return data.data;
}

export const alertRulesQueryOptions = () =>
  queryOptions({ queryKey: RULES_KEY, queryFn: ({ signal }) => getAlertRules({ signal }) });

export function useAlertRules() {
  return useQuery(alertRulesQueryOptions());
}

/** POST /monitoring/alert-rules, or PATCH /monitoring/alert-rules/{id} when `id` is given. */
async function saveAlertRule({
  id,
  body,
}: {
  id?: string;
  body: AlertRuleInput | Partial<AlertRuleInput>;
}): Promise<AlertRule> {
  const { data } = id
    ? await api.patch<ApiSuccess<AlertRule>>(
        `/monitoring/alert-rules/${encodeURIComponent(id)}`,
        body,
      )
    : await api.post<ApiSuccess<AlertRule>>('/monitoring/alert-rules', body);
  return data.data;
}

export function useSaveAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** DELETE /monitoring/alert-rules/{id}: the rule and its incidents. */
async function deleteAlertRule(id: string): Promise<void> {
  await api.delete(`/monitoring/alert-rules/${encodeURIComponent(id)}`);
}

export function useDeleteAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlertRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** A channel a rule may send to (GET /monitoring/alert-channels, the channels' own list). */
export interface AlertChannelOption {
  id: string;
  name: string;
  kind: string;
}

export function useAlertChannelOptions() {
  return useQuery({
    queryKey: [...ALERTS_KEY, 'channel-options'],
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ApiSuccess<AlertChannelOption[]>>(
        '/monitoring/alert-channels',
        { signal },
      );
      return data.data;
    },
  });
}

/** The projects a budget rule may watch (the first 100, by the projects' list). */
export function useAlertProjectOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...ALERTS_KEY, 'project-options'],
    enabled,
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ApiSuccess<{ id: string; code: string; name: string }[]>>(
        '/projects',
        { params: { limitPerPage: 100 }, signal },
      );
      return data.data;
    },
  });
}
