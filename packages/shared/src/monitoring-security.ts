/** Monitoring › Sign-in security: schemas, types and messages of the Security screen. */
import { z } from 'zod';
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
  'upload.created',
  'error_group.status_changed',
  'mail.retried',
  'mail.cancelled',
  'mail.test_queued',
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

export const SECURITY_MESSAGES = {
  notLocked: 'This email is not locked.',
  unlocked: (email: string) => `${email} can sign in again.`,
} as const;
