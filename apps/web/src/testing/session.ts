import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@staff-admin/shared';

/** Puts a session's tokens where the site keeps them, as a past sign-in would have. */
export function storeTokens(access = 'access-token', refresh = 'refresh-token') {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, access);
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, refresh);
}
