/**
 * User management's own texts, for the site and the server alike (SPEC §8's are in
 * common/messages.ts). No zod here.
 */
import { countLabel, pluralForm } from '../common/plural.js';
import { POSITION_LABELS, type Position } from '../auth/roles.js';
import type { BulkUserAction } from './constants.js';

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

/**
 * What the site says after queuing invitations. SPEC §8's toast ('Invitation sent! …') is said
 * when delivery works; while it is delayed the email is said to be queued, never sent.
 */
export const MAIL_DELIVERY_MESSAGES = {
  invitationQueued:
    'Invitation queued: mail delivery is delayed, so the email has not gone out yet.',
  invitationsQueued: (count: number) =>
    `${countLabel(count, ['invitation email is', 'invitation emails are'])} queued: mail delivery is delayed, so ${pluralForm(count, ['it has', 'they have'])} not gone out yet.`,
  delayedDetail:
    'Each goes out as soon as the mail server accepts it. Monitoring › Mail shows where it is.',
  logged: 'SMTP_URL is unset: emails are written to the server log instead of being sent.',
  openMail: 'Open Monitoring › Mail',
} as const;
