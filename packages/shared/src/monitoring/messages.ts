import { AUDIT_PAGED_MAX_ROWS, ERROR_GROUPS_BULK_MAX } from './constants.js';

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
  pageBeyondCap: `Only the newest ${AUDIT_PAGED_MAX_ROWS.toLocaleString('en')} events can be paged through. Narrow the filters to see older ones.`,
  notLocked: 'This email is not locked.',
  unlocked: (email: string) => `${email} can sign in again.`,
} as const;
