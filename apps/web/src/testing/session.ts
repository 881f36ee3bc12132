import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { createUser } from './data.js';
import { gate } from './http.js';
import { API, server } from './server.js';

/** Puts a session's tokens where the site keeps them, as a past sign-in would have. */
export function storeTokens(access = 'access-token', refresh = 'refresh-token') {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, access);
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, refresh);
}

/**
 * A past sign-in whose user is still loading: the tokens are stored and GET /users/profile
 * answers (with a user) only once the test calls the `open` it returns.
 */
export function holdSignedInProfile() {
  storeTokens();
  const { opened, open } = gate();
  server.use(
    http.get(`${API}/users/profile`, async () => {
      await opened;
      return HttpResponse.json({ data: createUser() });
    }),
  );
  return open;
}
