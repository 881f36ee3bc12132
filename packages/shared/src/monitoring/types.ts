/** Monitoring & Error management: the calls' answers (the Overview's are its schemas' types). */
import type { PaginationMeta } from '../common/api.js';
import type { ErrorGroupStatus, ErrorSource, MailKind, MailState } from './constants.js';

/** One error group in the list. */
export interface ErrorGroup {
  id: string;
  title: string;
  source: ErrorSource;
  type: string;
  status: ErrorGroupStatus;
  /** A resolved group that occurred again: reopened as unresolved, flagged until its status changes. */
  regressed: boolean;
  firstSeenAt: string;
  lastSeenAt: string;
  count: number;
  usersAffected: number;
}

/**
 * One frame of a stored browser stack. Mapped through the release's source map: `fileName` is our
 * source (`src/features/…/page.tsx`, relative to the site's folder), line and column are the
 * source's, `functionName` the original name when the map knows it, and `minified` is the frame
 * as the browser gave it. Unmapped (no maps for that release, not one of our bundles): the frame
 * as given, path only, and no `minified`.
 */
export interface StoredStackFrame {
  fileName?: string;
  functionName?: string;
  lineNumber?: number;
  columnNumber?: number;
  minified?: {
    fileName?: string;
    functionName?: string;
    lineNumber?: number;
    columnNumber?: number;
  };
}

/** A release an error group occurred in: when first and last, and how often. */
export interface ErrorGroupRelease {
  release: string;
  firstSeenAt: string;
  lastSeenAt: string;
  count: number;
}

/** One stored occurrence: secrets, query strings and headers were never stored. */
export interface ErrorOccurrence {
  id: string;
  at: string;
  message: string;
  stack: string | null;
  /** Server errors: the HTTP method, the route pattern and the answer's status. */
  method: string | null;
  route: string | null;
  status: number | null;
  requestId: string | null;
  /** Browser errors: the page's path. */
  url: string | null;
  release: string | null;
  userAgent: string | null;
  user: { id: string; fullName: string | null; email: string } | null;
  /** Browser errors: the stack's frames, mapped to our sources where the release's maps allow. */
  frames: StoredStackFrame[];
}

export interface ErrorGroupDetail extends ErrorGroup {
  resolvedAt: string | null;
  occurrences: ErrorOccurrence[];
  /** The releases it occurred in, the most recently seen first (at most ERROR_GROUP_RELEASES_SHOWN). */
  releases: ErrorGroupRelease[];
}

/** One mail of the outbox as admins see it: never its body, link or token. */
export interface OutboxMail {
  id: string;
  kind: MailKind;
  /** Masked: `a***@example.com` (maskEmail). */
  recipient: string;
  state: MailState;
  /** Delivery attempts so far, the one that went through included (a sent mail has at least 1). */
  attempts: number;
  /** When a queued or retrying mail is due; null otherwise. */
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  /** The last SMTP failure (or who cancelled it), the recipient masked; null once it is sent. */
  lastError: string | null;
}

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
  /** An actor that is no user, by name: a SCIM token (issue 36); null otherwise. */
  actorName: string | null;
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
