import { formatCount } from '../common/plural.js';
import { AUDIT_PAGED_MAX_ROWS, ERROR_GROUPS_BULK_MAX, UPTIME_CSV_MAX_DAYS } from './constants.js';

export const MONITORING_MESSAGES = {
  errorGroupNotFound: 'Error group not found',
  filterInvalid: 'Please choose one of the offered values.',
  idsRequired: 'Please select at least one error group.',
  idsTooMany: `Please select at most ${ERROR_GROUPS_BULK_MAX} error groups.`,
  idInvalid: 'Must be an error group id',
  groupResolved: 'The error group has been resolved.',
  groupIgnored: 'The error group is now ignored.',
  groupReopened: 'The error group has been reopened.',
  /** The error group's releases: none was sent with its reports. */
  noReleases: 'No release recorded: its reports came without one.',
  /** Above the frames mapped through the release's source maps. */
  mappedFramesHint: 'Mapped to our source with the source maps of the release that sent it.',
} as const;

export const MAIL_MESSAGES = {
  mailNotFound: 'Mail not found',
  retryNotAllowed: 'Only a failed or retrying mail can be retried.',
  cancelNotAllowed: 'Only a queued, retrying or logged mail can be cancelled.',
  cancelledBy: (admin: string) => `cancelled by ${admin}`,
  retried: 'The mail will be sent again now.',
  cancelled: 'The mail has been cancelled.',
  testQueued: 'A test mail is queued for your address. The list below shows when it is sent.',
} as const;

export const SECURITY_MESSAGES = {
  /** A page past the newest AUDIT_PAGED_MAX_ROWS matches. */
  pageBeyondCap: `Only the newest ${formatCount(AUDIT_PAGED_MAX_ROWS)} events can be paged through. Narrow the filters to see older ones.`,
  notLocked: 'This email is not locked.',
  unlocked: (email: string) => `${email} can sign in again.`,
} as const;

export const UPTIME_MESSAGES = {
  dayInvalid: 'Please enter a day as YYYY-MM-DD.',
  toBeforeFrom: 'The last day must not be before the first day.',
  rangeTooLong: `Please choose at most ${UPTIME_CSV_MAX_DAYS} days.`,
  /** The Overview's availability of a period with no sample. */
  noData: 'No data yet',
  /** The Overview before any check has been sampled. */
  noSamplesYet: 'No availability yet: every check is sampled once a minute from now on.',
  tableCaption: 'Availability per check (passing or warning), maintenance windows left out',
  download: 'Download uptime CSV',
  downloadFailed: 'The uptime CSV could not be downloaded.',
} as const;
