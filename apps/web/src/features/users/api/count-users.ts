import type { Paginated, User, UserListFilterInput } from '@staff-admin/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { USERS_LIST_KEY } from './get-users.js';

/** How many users match `filter`: GET /users for one row, read for its exact total. */
export function useUsersCount(filter: UserListFilterInput, { enabled }: { enabled: boolean }) {
  return useQuery({
    // Under the list's key: whatever changes the list counts again.
    queryKey: [...USERS_LIST_KEY, 'count', filter] as const,
    queryFn: async ({ signal }) => {
      const { data } = await api.get<Paginated<User>>('/users', {
        params: { ...filter, page: 1, limitPerPage: 1 },
        signal,
      });
      return data.meta.totalItems;
    },
    enabled,
  });
}
