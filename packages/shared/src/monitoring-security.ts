/** Monitoring › Sign-in security: schemas, types and messages of the Security screen. */
import { z } from 'zod';
import type { PaginationMeta } from './api-types.js';
import { emailSchema } from './schemas.js';

/** Every security event the audit trail records. */
export const AUDIT_ACTIONS = [
  'auth.login_succeeded',
  'auth.login_failed',
  'auth.locked_out',
  'auth.unlocked',
  'auth.logout',
  'auth.refresh_token_reused',
  'session.revoked',
  'access.denied',
  'invitation.sent',
  'invitation.accepted',
  'invitation.expired',
  'password.reset_requested',
  'password.reset_completed',
  'password.changed',
  'user.created',
  'user.position_changed',
  'user.status_changed',
  'user.deleted',
  'user.expired',
  'user.list_exported',
  'user.data_exported',
  'upload.created',
  'error_group.status_changed',
  'mail.retried',
  'mail.cancelled',
  'mail.test_queued',
  'project.created',
  'project.updated',
  'budget.revised',
  'cost_rate.created',
  'cost.created',
  'cost.updated',
  'cost.deleted',
  'costs.imported',
  'costs.import_undone',
  'month.closed',
  'month.reopened',
  'two_step.enabled',
  'two_step.disabled',
  'two_step.reset',
  'two_step.recovery_codes_regenerated',
  'two_step.recovery_code_used',
  'passkey.added',
  'passkey.removed',
  'passkey.renamed',
  'auth.second_step_failed',
  'auth.reauthenticated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** POST /monitoring/security/locked-accounts/unlock: locks are per email, so is the unlock. */
export const unlockAccountSchema = z.object({ email: emailSchema });
export type UnlockAccount = z.infer<typeof unlockAccountSchema>;

/** How many hours the failed sign-ins chart covers, and how many reuse detections it lists. */
export const SECURITY_SUMMARY_HOURS = 24;
export const SECURITY_REUSE_LIMIT = 20;
/** The most rows one CSV export of the audit trail holds (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
/**
 * The audit trail pages through the newest 10,000 matches of its filters, and counts no further:
 * a count of a million events would cost every page more than the page itself. Older events are
 * reached by narrowing the filters (a time range).
 */
export const AUDIT_PAGED_MAX_ROWS = 10_000;

/** An email locked now by too many failed sign-ins. */
export interface LockedAccount {
  email: string;
  /** The account with that email; null when no account has it (locks are per email). */
  user: { id: string; fullName: string | null } | null;
  lockedAt: string;
  lockedUntil: string;
  /** The Nth lock in a row for this email (each lasts longer). */
  lockouts: number;
}

export interface FailedSignInHour {
  /** The hour's start, ISO 8601 UTC. */
  hour: string;
  count: number;
}

/** A rotated refresh token used again: the session it belonged to was ended. */
export interface RefreshTokenReuse {
  id: string;
  at: string;
  user: { id: string; email: string; fullName: string | null } | null;
  ip: string | null;
}

export interface SecuritySummary {
  /** Oldest first, one entry per hour, the current hour last. */
  failedSignIns: FailedSignInHour[];
  /** Newest first. */
  refreshTokenReuses: RefreshTokenReuse[];
}

/** One event of the audit trail as GET /audit answers it. */
export interface AuditEvent {
  id: string;
  at: string;
  action: string;
  actorId: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
}

/** A user an audit event names, as they are now. */
export interface AuditPerson {
  id: string;
  fullName: string | null;
  email: string;
}

/**
 * An event of GET /audit: the actor and the target as the users they are now, or null where the
 * id is no user's (deleted, expired into an anonymous id, or a record that is not a user).
 */
export interface AuditTrailEvent extends AuditEvent {
  actor: AuditPerson | null;
  target: AuditPerson | null;
}

/** GET /audit: the list envelope, whose count stops at AUDIT_PAGED_MAX_ROWS. */
export interface AuditPage {
  data: AuditTrailEvent[];
  meta: PaginationMeta & {
    /** True when more events match than `totalItems` (which is then AUDIT_PAGED_MAX_ROWS). */
    totalItemsCapped: boolean;
  };
}

export const SECURITY_MESSAGES = {
  /** A page past the newest AUDIT_PAGED_MAX_ROWS matches. */
  pageBeyondCap: `Only the newest ${AUDIT_PAGED_MAX_ROWS.toLocaleString('en')} events can be paged through. Narrow the filters to see older ones.`,
  notLocked: 'This email is not locked.',
  unlocked: (email: string) => `${email} can sign in again.`,
} as const;
