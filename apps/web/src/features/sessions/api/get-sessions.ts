import type { ActiveSession, Paginated } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** Every list of a user's sessions: the first few, and all of them. */
export const sessionsQueryKey = (userId: string) => ['users', 'sessions', userId] as const;

/**
 * GET /users/{id}/sessions: a user's active sessions (admins, or the user themselves), this
 * device first; the first `limit` of them, or all when `limit` is undefined.
 */
async function getSessions(
  userId: string,
  limit: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<ActiveSession>> {
  const { data } = await api.get<Paginated<ActiveSession>>(
    `/users/${encodeURIComponent(userId)}/sessions`,
    { params: limit === undefined ? undefined : { limitPerPage: limit }, signal },
  );
  return data;
}

const getSessionsQueryOptions = (userId: string, limit: number | undefined) =>
  queryOptions({
    queryKey: [...sessionsQueryKey(userId), limit ?? 'all'],
    queryFn: ({ signal }) => getSessions(userId, limit, { signal }),
  });

export function useSessions(userId: string, limit: number | undefined, enabled = true) {
  return useQuery({ ...getSessionsQueryOptions(userId, limit), enabled });
}
