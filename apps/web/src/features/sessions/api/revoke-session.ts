import type { ActiveSession, Paginated } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { signOut } from '../../../lib/session.js';
import { sessionsQueryKey } from './get-sessions.js';

/** DELETE /users/{id}/sessions/{sessionId}: that device is signed out at once. */
async function revokeSession(userId: string, sessionId: string): Promise<void> {
  await api.delete(
    `/users/${encodeURIComponent(userId)}/sessions/${encodeURIComponent(sessionId)}`,
  );
}

/**
 * Revokes one of `userId`'s sessions. Revoking the session this browser uses is logging out:
 * the tokens here are dropped too, and the guard sends the user to login.
 */
export function useRevokeSession(userId: string) {
  const queryClient = useQueryClient();
  const queryKey = sessionsQueryKey(userId);
  return useMutation({
    mutationFn: (session: ActiveSession) => revokeSession(userId, session.id),
    onSuccess: async (_, session) => {
      if (session.current) {
        signOut();
        return;
      }
      queryClient.setQueriesData<Paginated<ActiveSession>>({ queryKey }, (sessions) =>
        sessions
          ? {
              data: sessions.data.filter(({ id }) => id !== session.id),
              meta: { ...sessions.meta, totalItems: sessions.meta.totalItems - 1 },
            }
          : sessions,
      );
      await queryClient.invalidateQueries({ queryKey });
    },
    // The list may be out of date (e.g. the session had already ended): show what is true now.
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
