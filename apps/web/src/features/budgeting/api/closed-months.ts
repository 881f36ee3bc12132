import type { ApiSuccess, ClosedMonth } from '@staff-admin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from '../../../lib/api-client.js';
import { BUDGETING_KEY, budgetingKeys } from './keys.js';

/** GET /closed-months: newest first. */
export function useClosedMonths() {
  return useQuery({
    queryKey: budgetingKeys.closedMonths(),
    queryFn: async ({ signal }) =>
      (await api.get<ApiSuccess<ClosedMonth[]>>('/closed-months', { signal })).data.data,
  });
}

/**
 * Whether a day (YYYY-MM-DD) falls in a closed month, by the closed months as last loaded (none
 * while they load: the server refuses such a change anyway).
 */
export function useIsInClosedMonth(): (date: string) => boolean {
  const { data } = useClosedMonths();
  const months = useMemo(() => new Set(data?.map((closed) => closed.month)), [data]);
  return useCallback((date: string) => months.has(date.slice(0, 7)), [months]);
}

export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) =>
      (await api.post<ApiSuccess<ClosedMonth>>('/closed-months', { month })).data.data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}

/** DELETE /closed-months/{month}: admins only. */
export function useReopenMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) => {
      await api.delete(`/closed-months/${encodeURIComponent(month)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}
