/** User management (SPEC §3, §4; issue 16): the calls' answers. */
import type { Position, Status } from '../auth/roles.js';
import type { ActiveSession } from '../auth/types.js';
import type { AuditEvent } from '../monitoring/types.js';
import type { Passkey } from '../two-step/types.js';
import type { BulkOutcome, MailDelivery } from './constants.js';

/** A user as the API returns it everywhere (CONTRACT §3). */
export interface User {
  id: string;
  email: string;
  fullName: string | null;
  position: Position;
  status: Status;
  imageUrl: string | null;
  createdAt: string;
  updatedAt: string;
  invitedBy: { id: string; fullName: string | null } | null;
  /** A second factor (authenticator app or passkey) is on (issue 15). */
  twoStepEnabled: boolean;
  /** The user's role requires one (MFA_REQUIRED_ROLES). */
  twoStepRequired: boolean;
  /** The last successful sign-in; null if the account never signed in. */
  lastSignInAt: string | null;
  /** A pending user's newest unused invitation link; null for everyone else. */
  invitation: Invitation | null;
  /** The role follows the company sign-in's claim (OIDC_ROLE_MAP): it cannot be changed by hand. */
  managedBySso: boolean;
  /**
   * Provisioned from the company's directory (SCIM, issue 36): name, email, status, and the role
   * when groups map to roles, follow the directory and cannot be changed by hand.
   */
  managedByDirectory: boolean;
}

/** When a pending user's invitation link was sent and until when it works. */
export interface Invitation {
  sentAt: string;
  expiresAt: string;
  /** The link no longer works (judged by the server's clock): resend to invite again. */
  expired: boolean;
}

export interface UploadedFile {
  path: string;
  originalName: string;
  size: number;
}

export interface BulkCreateResult {
  created: User[];
  skipped: { email: string; reason: string }[];
  /** Whether the invitation emails go out now (`MailDelivery`, mail-delivery.ts). */
  mailDelivery: MailDelivery;
}

/** POST /users/resend's answer. */
export interface ResendInvitationResult {
  mailDelivery: MailDelivery;
}

export interface BulkUserResult {
  id: string;
  /** Null when no user has this id. */
  email: string | null;
  outcome: BulkOutcome;
  message: string | null;
}

export interface BulkUsersAnswer {
  results: BulkUserResult[];
  /** With a filter: pass as `after` to go on; null when no match is left. Always null with ids. */
  next: string | null;
  /**
   * `resendInvitation` only (the one action that queues mail): whether the emails go out now, as
   * POST /users/resend says it.
   */
  mailDelivery?: MailDelivery;
}

/** One of the user's sessions in their data: a live one, or an ended one the site still keeps. */
export interface PersonalSession extends Omit<ActiveSession, 'current'> {
  /** When it was signed out, revoked or timed out; null while it lasts. */
  endedAt: string | null;
}

/** GET /users/profile/export: everything the site holds about the signed-in user. */
export interface PersonalData {
  exportedAt: string;
  user: User;
  /** Live and ended sessions alike, most recently used first. */
  sessions: PersonalSession[];
  twoStep: { totp: boolean; recoveryCodesLeft: number; passkeys: Passkey[] };
  /** Events where the user is the actor or the target, oldest first. */
  auditEvents: AuditEvent[];
}
