/**
 * Monitoring › Overview: names and labels without zod, so that the site can import them without
 * pulling the schemas into its bundle (the schemas are in monitoring-overview.ts).
 */

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
