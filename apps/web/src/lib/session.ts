import {
  ACCESS_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  type TokenPair,
} from '@staff-admin/shared';
import { queryClient } from './query-client.js';

/** Told the new tokens after sign-in or refresh, and null after sign-out. */
export type SessionListener = (tokens: TokenPair | null) => void;

const listeners = new Set<SessionListener>();

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY);
}

function readTokens(): TokenPair | null {
  const accessToken = getAccessToken();
  const refreshToken = getRefreshToken();
  return accessToken && refreshToken
    ? { access_token: accessToken, refresh_token: refreshToken }
    : null;
}

function notify(tokens: TokenPair | null): void {
  for (const listener of listeners) listener(tokens);
}

export function setTokens(tokens: TokenPair): void {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, tokens.refresh_token);
  notify(tokens);
}

/** Forgets what this tab holds for the signed-in user and tells the listeners. */
function endSessionInThisTab(): void {
  queryClient.clear();
  sessionStorage.clear();
  notify(null);
}

/** Signs out: local storage (the act and rft tokens with it), session storage and cached data. */
export function signOut(): void {
  localStorage.clear();
  endSessionInThisTab();
}

/** Another tab signed in, refreshed or signed out: follow it here. */
function onStorage(event: StorageEvent): void {
  if (event.storageArea !== localStorage) return;
  if (
    event.key !== null &&
    event.key !== ACCESS_TOKEN_STORAGE_KEY &&
    event.key !== REFRESH_TOKEN_STORAGE_KEY
  ) {
    return;
  }
  const tokens = readTokens();
  if (tokens) notify(tokens);
  else if (getAccessToken() === null) endSessionInThisTab();
}

export function subscribeToSession(listener: SessionListener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
