import type { ApiSuccess, TwoStepStatus } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { twoStepStatusQueryKey } from './keys.js';

/** GET /users/profile/two-step: what the Security card shows. */
export async function getTwoStepStatus({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await api.get<ApiSuccess<TwoStepStatus>>('/users/profile/two-step', {
    signal,
  });
  return data.data;
}

export const twoStepStatusQueryOptions = () =>
  queryOptions({ queryKey: twoStepStatusQueryKey, queryFn: getTwoStepStatus });

export function useTwoStepStatus() {
  return useQuery(twoStepStatusQueryOptions());
}
