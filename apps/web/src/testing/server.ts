import type { ActiveSession, LockedAccount, Paginated, TwoStepStatus } from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { paginate } from './paginate.js';

/** The API base as the site resolves it under jsdom. */
export const API = `${window.location.origin}/api`;

/**
 * Answers the site's API calls in tests; each test adds the handlers it needs. Every profile
 * screen also lists the user's sessions: unless a test says otherwise, there are none; and its
 * own profile shows two-step sign-in: off unless a test says otherwise. A page
 * that crashes reports it (the error screen): taken unless a test says otherwise. The user list
 * marks locked accounts: none unless a test says otherwise. The sign-in pages ask whether company
 * sign-in is on: off unless a test says otherwise.
 */
/** Two-step sign-in off, as GET /users/profile/two-step answers for a new account. */
export const TWO_STEP_OFF: TwoStepStatus = {
  enabled: false,
  totp: false,
  passkeys: [],
  recoveryCodesLeft: 0,
  required: false,
  passkeysAvailable: true,
  reauthenticatedUntil: null,
};

/** GET /monitoring/security/locked-accounts with nothing locked. */
export const NO_LOCKED_ACCOUNTS: Paginated<LockedAccount> = {
  data: [],
  meta: { currentPage: 1, itemsPerPage: 100, totalItems: 0, totalPages: 0 },
};

/**
 * GET /users/{id}/sessions as the API answers it, from `sessions` in the API's order (this device
 * first, then the most recently used): the page the call asks for, or all of them.
 */
export function sessionsAnswer(sessions: ActiveSession[], url: URL) {
  const limit = Number(url.searchParams.get('limitPerPage') ?? sessions.length);
  const page = Number(url.searchParams.get('page') ?? 1);
  return HttpResponse.json(paginate(sessions, page, limit));
}

export const server = setupServer(
  http.get(`${API}/auth/oidc`, () =>
    HttpResponse.json({ data: { enabled: false, displayName: null, requiredDomains: [] } }),
  ),
  http.get(`${API}/users/:id/sessions`, ({ request }) => sessionsAnswer([], new URL(request.url))),
  http.get(`${API}/users/profile/two-step`, () => HttpResponse.json({ data: TWO_STEP_OFF })),
  http.get(`${API}/monitoring/security/locked-accounts`, () =>
    HttpResponse.json(NO_LOCKED_ACCOUNTS),
  ),
  http.post(`${API}/monitoring/error-reports`, () =>
    HttpResponse.json({ data: null }, { status: 202 }),
  ),
);
