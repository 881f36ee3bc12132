import type { ApiSuccess, CostRate, CreateCostRateInput } from '@staff-admin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { BUDGETING_KEY, budgetingKeys } from './keys.js';

/** GET /cost-rates?currency=: everyone's hourly rates in a currency. */
export function useCostRates(currency: string) {
  return useQuery({
    queryKey: budgetingKeys.rates({ currency }),
    queryFn: async ({ signal }) =>
      (await api.get<ApiSuccess<CostRate[]>>('/cost-rates', { params: { currency }, signal })).data
        .data,
  });
}

/** POST /cost-rates. */
export function useAddCostRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCostRateInput) =>
      (await api.post<ApiSuccess<CostRate>>('/cost-rates', input)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}
