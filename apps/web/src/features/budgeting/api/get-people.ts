import type { ApiSuccess, PersonRef } from '@staff-admin/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { budgetingKeys } from './keys.js';

/** GET /budgeting/people: active staff to pick as an owner or for labour. */
export function usePeople(search: string) {
  return useQuery({
    queryKey: budgetingKeys.people(search),
    queryFn: async ({ signal }) =>
      (
        await api.get<ApiSuccess<PersonRef[]>>('/budgeting/people', {
          params: search ? { search } : {},
          signal,
        })
      ).data.data,
    placeholderData: keepPreviousData,
  });
}
