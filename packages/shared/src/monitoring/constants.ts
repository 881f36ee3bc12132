import type { SortDirection } from '../common/constants.js';

/**
 * Monitoring & Error management: the area's values and limits (Overview, Errors, Mail, Security).
 * No zod here, so the site's entry (the error reporter) can import them without pulling in every
 * schema.
 */

// ---- Overview ------------------------------------------------------------------------------

/** The IETF health-check draft's vocabulary (draft-inadarei-api-health-check). */
export const HEALTH_STATUSES = ['pass', 'warn', 'fail'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

export const HEALTH_STATUS_LABELS: Record<HealthStatus, string> = {
  pass: 'Pass',
  warn: 'Warn',
  fail: 'Fail',
};

/** The parts the overview checks, in the order it shows them. */
export const OVERVIEW_CHECKS = [
  'database',
  'redis',
  'smtp',
  'mailWorker',
  'retention',
  'errorReports',
  'process',
  'identityProvider',
] as const;
export type OverviewCheckName = (typeof OVERVIEW_CHECKS)[number];

export const OVERVIEW_CHECK_LABELS: Record<OverviewCheckName, string> = {
  database: 'Database',
  redis: 'Redis',
  smtp: 'SMTP',
  mailWorker: 'Mail worker',
  retention: 'Retention job',
  errorReports: 'Error reports',
  process: 'This process',
  identityProvider: 'Identity provider',
};

/** The last day's counts, each per UTC hour. */
export const OVERVIEW_COUNTS = [
  'newErrorGroups',
  'serverErrors',
  'failedMails',
  'lockouts',
  'signIns',
] as const;
export type OverviewCountName = (typeof OVERVIEW_COUNTS)[number];

export const OVERVIEW_COUNT_LABELS: Record<OverviewCountName, string> = {
  newErrorGroups: 'New error groups',
  serverErrors: 'Server errors (5xx)',
  failedMails: 'Failed mails',
  lockouts: 'Lockouts',
  signIns: 'Sign-ins',
};

// ---- Errors --------------------------------------------------------------------------------

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

export const ERROR_REPORT_KINDS = ['error', 'unhandledrejection', 'render'] as const;
export type ErrorReportKind = (typeof ERROR_REPORT_KINDS)[number];

// ---- Mail ----------------------------------------------------------------------------------

/** Monitoring › Mail: what kind of mail a row of the outbox is (its template). */
export const MAIL_KINDS = [
  'invitation',
  'password_reset',
  'password_changed',
  'two_step',
  'test',
  'alert',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  invitation: 'Invitation',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  two_step: 'Two-step sign-in',
  test: 'Test mail',
  alert: 'Alert',
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

// ---- Security ------------------------------------------------------------------------------

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
  'auth.sso_refused',
  'user.sso_linked',
  'user.provisioned',
  'user.directory_changed',
  'scim.token_created',
  'scim.token_rotated',
  'scim.token_revoked',
  'scim.token_refused',
  'scim.refused',
  'directory_group.changed',
  'alert_rule.created',
  'alert_rule.updated',
  'alert_rule.deleted',
  'incident.acknowledged',
  'maintenance_window.created',
  'maintenance_window.deleted',
  'alert_channel.created',
  'alert_channel.updated',
  'alert_channel.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
