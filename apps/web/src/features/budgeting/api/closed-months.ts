import type { ApiSuccess, ClosedMonth } from '@staff-admin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
