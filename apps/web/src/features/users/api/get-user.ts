import type { ApiSuccess, User } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const userQueryKey = (id: string) => ['users', 'detail', id] as const;

/** GET /users/{id}: one user's record. */
async function getUser(id: string, { signal }: { signal?: AbortSignal } = {}) {
  const { data } = await api.get<ApiSuccess<User>>(`/users/${encodeURIComponent(id)}`, {
    signal,
  });
  return data.data;
}

const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, { signal }) });

export function useUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}
