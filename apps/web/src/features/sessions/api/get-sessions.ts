import type { ActiveSession, ApiSuccess } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const sessionsQueryKey = (userId: string) => ['users', 'sessions', userId] as const;

/** GET /users/{id}/sessions: a user's active sessions (admins, or the user themselves). */
async function getSessions(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ActiveSession[]> {
  const { data } = await api.get<ApiSuccess<ActiveSession[]>>(
    `/users/${encodeURIComponent(userId)}/sessions`,
    { signal },
  );
  return data.data;
}

const getSessionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: sessionsQueryKey(userId),
    queryFn: ({ signal }) => getSessions(userId, { signal }),
  });

export function useSessions(userId: string) {
  return useQuery(getSessionsQueryOptions(userId));
}
