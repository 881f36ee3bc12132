import { countLabel, pluralForm } from './plural.js';

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

/** POST /users/resend's answer. */
export interface ResendInvitationResult {
  mailDelivery: MailDelivery;
}

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
