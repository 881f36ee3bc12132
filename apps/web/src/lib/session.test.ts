import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@staff-admin/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client.js';
import { getAccessToken, setTokens, signOut, subscribeToSession } from './session.js';

const TOKENS = { access_token: 'access', refresh_token: 'refresh' };
const unsubscribers: (() => void)[] = [];

function listen() {
  const listener = vi.fn();
  unsubscribers.push(subscribeToSession(listener));
  return listener;
}

function otherTabChanged(key: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
}

afterEach(() => {
  while (unsubscribers.length) unsubscribers.pop()?.();
});

describe('session', () => {
  it('stores the tokens and tells listeners', () => {
    const listener = listen();
    setTokens(TOKENS);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access');
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh');
    expect(getAccessToken()).toBe('access');
    expect(listener).toHaveBeenCalledWith(TOKENS);
  });

  it('signs out: tokens, storages and cache cleared, listeners told null', () => {
    setTokens(TOKENS);
    localStorage.setItem('other', '1');
    sessionStorage.setItem('draft', '1');
    queryClient.setQueryData(['anything'], 42);
    const listener = listen();

    signOut();

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryData(['anything'])).toBeUndefined();
    expect(listener).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const listener = vi.fn();
    subscribeToSession(listener)();
    setTokens(TOKENS);
    expect(listener).not.toHaveBeenCalled();
  });

  it('follows a sign-out in another tab', () => {
    setTokens(TOKENS);
    queryClient.setQueryData(['anything'], 42);
    sessionStorage.setItem('draft', '1');
    const listener = listen();

    localStorage.clear(); // what the other tab did
    otherTabChanged(null);

    expect(listener).toHaveBeenCalledWith(null);
    expect(queryClient.getQueryData(['anything'])).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('follows new tokens from another tab, and ignores unrelated keys', () => {
    const listener = listen();
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access-2');
    otherTabChanged(ACCESS_TOKEN_STORAGE_KEY);
    expect(listener).not.toHaveBeenCalled(); // the refresh token is not there yet

    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-2');
    otherTabChanged(REFRESH_TOKEN_STORAGE_KEY);
    expect(listener).toHaveBeenCalledExactlyOnceWith({
      access_token: 'access-2',
      refresh_token: 'refresh-2',
    });

    otherTabChanged('theme');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
