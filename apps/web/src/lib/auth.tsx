import type { ApiSuccess, TokenPair, User } from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { getErrorMessage, isApiError } from './api-error.js';
import { takeEarlyProfile } from './early-profile.js';
import { queryClient } from './query-client.js';
import { getAccessToken, setTokens, signOut, subscribeToSession } from './session.js';
import { toast } from './toast.js';

/**
 * The API client, loaded on first use: it carries axios, which a visitor on the login page does
 * not need before they submit (the signed-in pages load it with their own calls anyway).
 */
async function loadApiClient() {
  return (await import('./api-client.js')).api;
}

/** Starts loading the API client now, e.g. once the user starts filling the login form in. */
export function preloadApiClient(): void {
  loadApiClient().catch(() => undefined);
}

async function getProfile({ signal }: { signal: AbortSignal }): Promise<User> {
  const early = await takeEarlyProfile(getAccessToken());
  if (early) return early;
  try {
    const api = await loadApiClient();
    const { data } = await api.get<ApiSuccess<User>>('/users/profile', { signal });
    return data.data;
  } catch (error) {
    // 403: the account is no longer active (CONTRACT §4); the session is over.
    if (isApiError(error, 403)) signOut();
    throw error;
  }
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'profile'] as const, queryFn: getProfile });

/** Stores the session's tokens, then loads and returns the signed-in user. */
export async function login(email: string, password: string): Promise<User> {
  const api = await loadApiClient();
  const { data } = await api.post<ApiSuccess<TokenPair>>('/auth/login', { email, password });
  setTokens(data.data);
  return queryClient.fetchQuery(profileQueryOptions());
}

/** Ends the session on the server, and locally whatever the server said (SPEC §8). */
export async function logout(): Promise<void> {
  try {
    const api = await loadApiClient();
    await api.delete('/auth/logout');
  } catch (error) {
    toast.error(getErrorMessage(error));
  } finally {
    signOut();
  }
}

/** SPEC §3's current-user context. */
export interface AuthState {
  isAuthenticated: boolean;
  isLoadingUser: boolean;
  user: User | null;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const accessToken = useSyncExternalStore(subscribeToSession, getAccessToken);
  const hasToken = accessToken !== null;
  const profile = useQuery({ ...profileQueryOptions(), enabled: hasToken });

  const isLoadingUser = hasToken && profile.isLoading;
  const user = hasToken ? (profile.data ?? null) : null;
  const isAuthenticated = user !== null && !isLoadingUser;

  const state = useMemo<AuthState>(
    () => ({ isAuthenticated, isLoadingUser, user }),
    [isAuthenticated, isLoadingUser, user],
  );
  return <AuthContext value={state}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/** The signed-in user, for screens that only render behind the authentication guard. */
export function useAuthenticatedUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useAuthenticatedUser must be used behind <RequireAuth>');
  return user;
}
