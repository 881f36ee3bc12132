import {
  canReachArea,
  mayChangeClosedMonth,
  REAUTHENTICATION_WINDOW_MS,
  type AreaId,
  type ClosedMonthAction,
} from '@staff-admin/shared';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { accessRefused, unauthenticated } from '../lib/errors.js';
import type { AuthContext } from '../lib/auth-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route stays open to a caller whose role requires two-step sign-in and who has no second
     * factor yet (reading the profile, setting up a factor, re-authenticating, logging out). Every
     * other authenticated route answers them 403 `reason: "two_step_setup_required"`.
     */
    duringTwoStepSetup?: boolean;
  }
}

/** The caller of a route guarded by `app.authenticate`. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** A rule on who may call a route (`app.authorize(policy)`); it sees the caller and the request. */
export type AccessPolicy = (auth: AuthContext, request: FastifyRequest) => boolean;

/** Whoever may open the area in the site may call its API: one table, `AREAS` in the shared package. */
export const areaAccess =
  (area: AreaId): AccessPolicy =>
  (auth) =>
    canReachArea(auth.position, area);

/** User management: seeing and changing other staff. */
export const manageUsers = areaAccess('users');

/** Monitoring & Error management: the audit trail, the API documentation, the site's health. */
export const monitoring = areaAccess('monitoring');

/** User management, or the user named by the `:id` route parameter themselves. */
export const manageUsersOrSelf: AccessPolicy = (auth, request) =>
  manageUsers(auth, request) ||
  (request.params as { id?: string }).id?.toLowerCase() === auth.userId;

/** Budgeting & Cost tracking: projects, budgets, costs, rates, imports and closed months. */
export const budgeting = areaAccess('financial');

/** Closing or reopening a month: one table, `CLOSED_MONTH_ACCESS` (finance closes, only admins reopen). */
export const closedMonthAccess =
  (action: ClosedMonthAction): AccessPolicy =>
  (auth) =>
    mayChangeClosedMonth(auth.position, action);

/** Until when the session counts as recently authenticated (null: it does not now). */
export function reauthenticatedUntil(auth: AuthContext, now: number): number | null {
  if (!auth.reauthenticatedAt) return null;
  const until = Date.parse(auth.reauthenticatedAt) + REAUTHENTICATION_WINDOW_MS;
  return until > now ? until : null;
}

/**
 * Sensitive changes (a way to sign in added, removed or replaced, on oneself or by an admin's
 * reset; the admin role granted; the list and the reasons: docs/two-step.md, "Recent
 * confirmation"): 403 `reason: "reauthentication_required"` unless the password (and code) was
 * entered in this session within REAUTHENTICATION_WINDOW_MS (sign-in counts). Call it in the
 * service, with the service's clock, before anything changes.
 */
export function requireRecentAuth(auth: AuthContext, clock: Clock): void {
  if (reauthenticatedUntil(auth, clock.now()) === null) {
    throw accessRefused('reauthentication_required');
  }
}
