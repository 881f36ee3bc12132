/**
 * User management (SPEC §3, §4; issue 16): the area's values and limits. No zod here, so a
 * screen can import a label without pulling in every schema.
 */
import type { SortDirection } from '../common/constants.js';

export const FULL_NAME_MAX_LENGTH = 100;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const UPLOAD_DIRS = ['users'] as const;
export type UploadDir = (typeof UPLOAD_DIRS)[number];

export const BULK_CREATE_MAX = 100;
export const EMAILS_QUERY_MAX = 100;

export const USER_SORT_COLUMNS = [
  'fullName',
  'email',
  'position',
  'status',
  'createdAt',
  'lastSignInAt',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** The user list's order when none is asked for: newest first. */
export const USER_LIST_DEFAULT_SORT = {
  sortBy: 'createdAt',
  sortDirection: 'DESC',
} as const satisfies { sortBy: UserSortColumn; sortDirection: SortDirection };

/** The most days "no sign-in for N days" takes (ten years). */
export const DORMANT_DAYS_MAX = 3650;

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
 * One row's outcome: `done`; `skipped` when there was nothing to do (already that role or
 * status, not pending for a resend); `failed` when a rule refused it (the last active admin,
 * oneself, not found), with the same message the one-user call gives.
 */
export const BULK_OUTCOMES = ['done', 'skipped', 'failed'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

/**
 * Whether mail goes out now, as the answers of the actions that queue one tell the site (issue
 * 33, item 18): `working`, or `delayed` when the Overview's SMTP or Mail worker check would warn
 * (a mail waits for another try after the mail server refused it or did not answer, the last mail
 * given up came after the last one sent, or due mail has waited over 5 minutes for the worker),
 * or `log` when SMTP_URL is unset and mail is written to the server log instead.
 */
export const MAIL_DELIVERIES = ['working', 'delayed', 'log'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/**
 * What a run of several calls that each queued mail says of delivery: delayed once any call
 * found it delayed (some of the emails wait), else what the last call said.
 */
export const runMailDelivery = (before: MailDelivery | null, answer: MailDelivery): MailDelivery =>
  before === 'delayed' ? before : answer;
