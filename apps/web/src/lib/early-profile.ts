import type { ApiSuccess, User } from '@staff-admin/shared';
import { API_BASE_URL } from '../config/app.js';
import { getAccessToken } from './session.js';

interface EarlyProfile {
  /** The access token it was asked with. */
  token: string;
  /** The user when the server answered 2xx with one; null on any failure. */
  user: Promise<User | null>;
}

let early: EarlyProfile | null = null;

function readUser(body: unknown): User | null {
  const data = (body as Partial<ApiSuccess<User>> | null)?.data;
  return typeof data === 'object' && data !== null && typeof data.id === 'string' ? data : null;
}

/**
 * A signed-in visit shows no page before GET /users/profile answers, and the API client is a
 * chunk of its own (axios). So the entry asks for the profile with a plain fetch as soon as it
 * runs, while the page's chunks download, and the profile query takes that answer
 * (takeEarlyProfile). Only a success is used: on any failure the query asks again through the
 * API client, which refreshes an expired token, signs out on 403 and reports errors.
 */
export function requestProfileEarly(): void {
  const token = getAccessToken();
  if (!token || typeof fetch !== 'function') return;
  const user = fetch(`${API_BASE_URL}/users/profile`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  })
    .then(async (response) => (response.ok ? readUser(await response.json()) : null))
    .catch(() => null);
  early = { token, user };
}

/**
 * The early profile request's user, once: null when there was none, when it failed, or when
 * it was made with another token than `token` (the session changed meanwhile).
 */
export async function takeEarlyProfile(token: string | null): Promise<User | null> {
  const taken = early;
  early = null;
  if (!taken || token === null || taken.token !== token) return null;
  return taken.user;
}
