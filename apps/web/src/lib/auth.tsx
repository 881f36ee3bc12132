import type {
  ApiSuccess,
  LoginAnswer,
  LogoutAnswer,
  SecondStepRequired,
  TokenPair,
  User,
} from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { getErrorMessage, isApiError } from './api-error.js';
import { takeEarlyProfile } from './early-profile.js';
import { leaveSite } from './leave-site.js';
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
    // 403: the account is no longer active (CONTRACT §4); the session is over. A 403 with a
    // reason (two-step set-up, re-authentication) is not the end of the session.
    if (isApiError(error, 403) && !error.reason) signOut();
    throw error;
  }
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'profile'] as const, queryFn: getProfile });

/** The sign-in challenge `POST /auth/login` answers for an account with a second factor. */
export type SecondStepChallenge = SecondStepRequired['second_step'];

/** A right password: signed in, or a second step to take first (issue 15). */
export type SignInResult =
  { user: User; secondStep?: undefined } | { secondStep: SecondStepChallenge; user?: undefined };

/**
 * Stores the session's tokens, then loads and returns the signed-in user. Every way of signing
 * in (password, second step, passkey) ends here.
 */
export async function completeSignIn(tokens: TokenPair): Promise<User> {
  setTokens(tokens);
  return queryClient.fetchQuery(profileQueryOptions());
}

/**
 * Checks the password; with no second factor the user is signed in, otherwise the challenge for
 * the second step is returned (no tokens yet).
 */
export async function login(email: string, password: string): Promise<SignInResult> {
  return signInWith('/auth/login', { email, password });
}

/**
 * Company sign-in's last step (issue 35): the one-time code the server's callback handed the
 * site is exchanged for the same answer as a password sign-in's.
 */
export async function exchangeSsoCode(code: string): Promise<SignInResult> {
  return signInWith('/auth/oidc/exchange', { code });
}

async function signInWith(path: string, body: object): Promise<SignInResult> {
  const api = await loadApiClient();
  const { data } = await api.post<ApiSuccess<LoginAnswer>>(path, body);
  // Shared's isSecondStepRequired, written out: its module holds the two-step zod schemas,
  // which the first page's chunk must not carry.
  if ('second_step' in data.data) return { secondStep: data.data.second_step };
  return { user: await completeSignIn(data.data) };
}

/**
 * Ends the session on the server, and locally whatever the server said (SPEC §8). A session
 * started by company sign-in then goes on to the provider's sign-out, when the server names one.
 */
export async function logout(): Promise<void> {
  let endSessionUrl: string | null = null;
  try {
    const api = await loadApiClient();
    const { data } = await api.delete<ApiSuccess<LogoutAnswer>>('/auth/logout');
    endSessionUrl = data.data?.endSessionUrl ?? null;
  } catch (error) {
    toast.error(getErrorMessage(error));
  } finally {
    signOut();
  }
  if (endSessionUrl && /^https?:\/\//.test(endSessionUrl)) leaveSite(endSessionUrl);
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
