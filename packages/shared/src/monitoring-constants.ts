import type { SortDirection } from './constants.js';

/**
 * Monitoring & Error management: the Errors screens' values, limits and messages. No zod here, so
 * the site's entry (the error reporter) can import them without pulling in every schema.
 */

export const ERROR_SOURCES = ['server', 'browser'] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];
export const ERROR_SOURCE_LABELS: Record<ErrorSource, string> = {
  server: 'Server',
  browser: 'Browser',
};

export const ERROR_GROUP_STATUSES = ['unresolved', 'resolved', 'ignored'] as const;
export type ErrorGroupStatus = (typeof ERROR_GROUP_STATUSES)[number];
export const ERROR_GROUP_STATUS_LABELS: Record<ErrorGroupStatus, string> = {
  unresolved: 'Unresolved',
  resolved: 'Resolved',
  ignored: 'Ignored',
};

export const ERROR_GROUP_SORT_COLUMNS = [
  'lastSeenAt',
  'firstSeenAt',
  'count',
  'usersAffected',
  'title',
] as const;
export type ErrorGroupSortColumn = (typeof ERROR_GROUP_SORT_COLUMNS)[number];
export const ERROR_GROUP_LIST_DEFAULT_SORT = {
  sortBy: 'lastSeenAt',
  sortDirection: 'DESC',
} as const satisfies { sortBy: ErrorGroupSortColumn; sortDirection: SortDirection };

/** A browser report's body is refused above this size (413). */
export const ERROR_REPORT_MAX_BYTES = 16 * 1024;
export const ERROR_REPORT_LIMITS = {
  type: 200,
  message: 2000,
  stack: 8000,
  url: 2000,
  release: 100,
  frames: 50,
} as const;
/** Groups one bulk resolve may change. */
export const ERROR_GROUPS_BULK_MAX = 100;

export const MONITORING_MESSAGES = {
  errorGroupNotFound: 'Error group not found',
  filterInvalid: 'Please choose one of the offered values.',
  idsRequired: 'Please select at least one error group.',
  idsTooMany: `Please select at most ${ERROR_GROUPS_BULK_MAX} error groups.`,
  idInvalid: 'Must be an error group id',
  groupResolved: 'The error group has been resolved.',
  groupIgnored: 'The error group is now ignored.',
  groupReopened: 'The error group has been reopened.',
} as const;

/** Monitoring › Mail: what kind of mail a row of the outbox is (its template). */
export const MAIL_KINDS = [
  'invitation',
  'password_reset',
  'password_changed',
  'two_step',
  'test',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  invitation: 'Invitation',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  two_step: 'Two-step sign-in',
  test: 'Test mail',
};

/**
 * Where a mail stands, derived from the outbox's columns: `logged` is a mail written to the log
 * because SMTP_URL is unset; `failed` includes the dead letters and cancelled mail.
 */
export const MAIL_STATES = ['queued', 'sending', 'retrying', 'sent', 'failed', 'logged'] as const;
export type MailState = (typeof MAIL_STATES)[number];
export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
  logged: 'Logged',
};
/** The states an admin may retry (due now) or cancel (give up). */
export const MAIL_RETRYABLE_STATES: readonly MailState[] = ['retrying', 'failed'];
export const MAIL_CANCELLABLE_STATES: readonly MailState[] = ['queued', 'retrying', 'logged'];

export const MAIL_SORT_COLUMNS = ['createdAt', 'attempts'] as const;
export type MailSortColumn = (typeof MAIL_SORT_COLUMNS)[number];
export const MAIL_LIST_DEFAULT_SORT = {
  sortBy: 'createdAt',
  sortDirection: 'DESC',
} as const satisfies { sortBy: MailSortColumn; sortDirection: SortDirection };

export const MAIL_MESSAGES = {
  mailNotFound: 'Mail not found',
  retryNotAllowed: 'Only a failed or retrying mail can be retried.',
  cancelNotAllowed: 'Only a queued, retrying or logged mail can be cancelled.',
  cancelledBy: (admin: string) => `cancelled by ${admin}`,
  retried: 'The mail will be sent again now.',
  cancelled: 'The mail has been cancelled.',
  testQueued: 'A test mail is queued for your address. The list below shows when it is sent.',
} as const;
