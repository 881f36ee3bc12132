/** User management for a whole company (issue 16): bulk actions, CSV export, personal data. */
import { z } from 'zod';
import type { ActiveSession, User } from './api-types.js';
import type { MailDelivery } from './mail-delivery.js';
import type { AuditEvent } from './monitoring-security.js';
import { POSITIONS, POSITION_LABELS, STATUS_LABELS, type Position } from './roles.js';
import { userListFilterSchema } from './schemas.js';
import type { Passkey } from './two-step-constants.js';

export const BULK_USER_ACTIONS = [
  'changeRole',
  'activate',
  'deactivate',
  'resendInvitation',
  'endSessions',
  'delete',
] as const;
export type BulkUserAction = (typeof BULK_USER_ACTIONS)[number];

/** The most users one bulk call acts on; the site sends larger selections in such chunks. */
export const BULK_USERS_MAX = 100;

/**
 * POST /users/bulk: an action on the users with these `ids`, or on those matching `filter`
 * (the list's filter). With a filter, one call acts on at most `limit` matches in id order,
 * after the id `after`; the answer's `next` is where the next call goes on (null: done). So
 * "every user that matches" works for any number of users without the site loading them.
 */
export const bulkUsersSchema = z
  .object({
    action: z.enum(BULK_USER_ACTIONS),
    /** The new role (changeRole only). */
    position: z.enum(POSITIONS).optional(),
    ids: z.array(z.string().min(1)).min(1).max(BULK_USERS_MAX).optional(),
    filter: userListFilterSchema.optional(),
    after: z.string().min(1).optional(),
    limit: z.number().int().min(1).max(BULK_USERS_MAX).default(BULK_USERS_MAX),
  })
  .superRefine((input, ctx) => {
    if ((input.ids === undefined) === (input.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: BULK_MESSAGES.idsOrFilter });
    }
    if (input.after !== undefined && input.filter === undefined) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: BULK_MESSAGES.afterNeedsFilter });
    }
    if ((input.action === 'changeRole') !== (input.position !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['position'], message: BULK_MESSAGES.positionRequired });
    }
  });
export type BulkUsersInput = z.input<typeof bulkUsersSchema>;
export type BulkUsers = z.infer<typeof bulkUsersSchema>;

/**
 * One row's outcome: `done`; `skipped` when there was nothing to do (already that role or
 * status, not pending for a resend); `failed` when a rule refused it (the last active admin,
 * oneself, not found), with the same message the one-user call gives.
 */
export const BULK_OUTCOMES = ['done', 'skipped', 'failed'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

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

/** The CSV export's columns, in order (GET /users/export.csv). */
export const USER_EXPORT_COLUMNS = [
  'Full name',
  'Email',
  'Role',
  'Status',
  'Record date',
  'Last sign-in',
  'Invited by',
  'Invitation expires',
  '2-step',
] as const;

/** One user as a row of the CSV export: dates as ISO 8601 UTC, empty when there is none. */
export const userExportRow = (user: User): string[] => [
  user.fullName ?? '',
  user.email,
  POSITION_LABELS[user.position],
  STATUS_LABELS[user.status],
  user.createdAt,
  user.lastSignInAt ?? '',
  user.invitedBy?.fullName ?? '',
  user.invitation?.expiresAt ?? '',
  user.twoStepEnabled ? 'On' : 'Off',
];

export const BULK_ACTION_LABELS: Record<BulkUserAction, string> = {
  changeRole: 'Change role',
  activate: 'Activate',
  deactivate: 'Deactivate',
  resendInvitation: 'Resend invitation',
  endSessions: 'End sessions',
  delete: 'Delete',
};

export const BULK_MESSAGES = {
  idsOrFilter: 'Give either ids or a filter.',
  afterNeedsFilter: '"after" goes with a filter.',
  positionRequired: 'A new role is needed to change roles, and only then.',
  notPending: 'Only a pending user gets an invitation.',
  alreadyInStatus: (status: string) => `Already ${status.toLowerCase()}.`,
  alreadyInRole: (position: Position) => `Already ${POSITION_LABELS[position]}.`,
  noSessions: 'No session to end.',
} as const;
