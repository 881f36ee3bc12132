import { canReachArea, type AreaId } from '@staff-admin/shared';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../lib/errors.js';
import type { AuthContext } from '../lib/auth-context.js';

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

/** Reopening a closed month: admins only (finance may close, not reopen). */
export const admins: AccessPolicy = (auth) => auth.position === 'admin';
