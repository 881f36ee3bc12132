import { countLabel, MAIL_KINDS, type MailKind } from '@staff-admin/shared';
import { html, type SafeHtml } from '../../lib/html.js';

export const PRODUCT_NAME = 'Staff Admin';

/** The outbox's `template` column: the kinds the Monitoring › Mail screen filters on. */
export const MAIL_TEMPLATES = MAIL_KINDS;
export type MailTemplate = MailKind;

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A link that stops working: the human lifetime comes from the TTL, the instant from `expiresAt`. */
export interface ExpiringLink {
  url: string;
  ttlMs: number;
  expiresAt: Date;
}

export interface InvitationMailInput {
  email: string;
  recipientName: string | null;
  inviterName: string | null;
  link: ExpiringLink;
}

export interface PasswordResetMailInput {
  email: string;
  recipientName: string | null;
  link: ExpiringLink;
}

export interface PasswordChangedMailInput {
  email: string;
  recipientName: string | null;
  changedAt: Date;
  /** Where to ask for a reset link if the change was not theirs. */
  forgotPasswordUrl: string;
}

/** What changed in a user's two-step sign-in (each is mailed to them). */
export type TwoStepMailEvent =
  | { kind: 'factor_added'; factor: string }
  | { kind: 'factor_removed'; factor: string }
  | { kind: 'reset' }
  | { kind: 'recovery_code_used'; codesLeft: number };

export interface TwoStepMailInput {
  email: string;
  recipientName: string | null;
  event: TwoStepMailEvent;
  at: Date;
  /** The profile page, whose Security card shows the factors. */
  profileUrl: string;
}

export interface TestMailInput {
  email: string;
  recipientName: string | null;
  sentAt: Date;
  /** The Monitoring › Mail screen, where the admin sees it arrive. */
  monitoringUrl: string;
}

export interface AlertMailInput {
  recipientName: string | null;
  /** One line in plain words: the subject and the first paragraph. */
  summary: string;
  occurredAt: Date;
  /** The notice's figures; the scalar ones are listed (nested objects are left to the page). */
  data: Record<string, unknown>;
  /** The incident's page in the site. */
  link: string;
}

/** What every mail says, rendered once as text and once as HTML so the two never disagree. */
interface MailBody {
  subject: string;
  recipientName: string | null;
  paragraphs: string[];
  action: { label: string; url: string };
  notes: string[];
}

const DURATION_UNITS = [
  [['day', 'days'], 86_400_000],
  [['hour', 'hours'], 3_600_000],
  [['minute', 'minutes'], 60_000],
  [['second', 'seconds'], 1_000],
] as const;

/** `7d` → "7 days", `1h` → "1 hour", `90m` → "90 minutes": the largest unit that fits exactly. */
export function formatTtl(ttlMs: number): string {
  for (const [unit, size] of DURATION_UNITS) {
    if (ttlMs >= size && ttlMs % size === 0) return countLabel(ttlMs / size, unit);
  }
  for (const [unit, size] of DURATION_UNITS) {
    if (ttlMs >= size) return countLabel(Math.round(ttlMs / size), unit);
  }
  return 'less than a second';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "28 Aug 2025 at 14:05 UTC": unambiguous wherever the reader lives. */
export function formatUtc(date: Date): string {
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day} at ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

export function expiryNotice({ ttlMs, expiresAt }: ExpiringLink): string {
  return `This link expires in ${formatTtl(ttlMs)} (on ${formatUtc(expiresAt)}).`;
}

export function invitationMail(input: InvitationMailInput): MailContent {
  const invited = input.inviterName
    ? `${input.inviterName} invited you to ${PRODUCT_NAME}, the staff administration site.`
    : `You have been invited to ${PRODUCT_NAME}, the staff administration site.`;
  return renderMail({
    subject: `You are invited to ${PRODUCT_NAME}`,
    recipientName: input.recipientName,
    paragraphs: [invited, `Create your password to activate your account (${input.email}).`],
    action: { label: 'Set up your account', url: input.link.url },
    notes: [
      expiryNotice(input.link),
      'If you did not expect this invitation, you can ignore this email.',
    ],
  });
}

export function passwordResetMail(input: PasswordResetMailInput): MailContent {
  return renderMail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    recipientName: input.recipientName,
    paragraphs: [
      `We received a request to reset the password of your ${PRODUCT_NAME} account (${input.email}).`,
      'Choose a new password with the link below. It works once.',
    ],
    action: { label: 'Reset your password', url: input.link.url },
    notes: [
      expiryNotice(input.link),
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
  });
}

export function passwordChangedMail(input: PasswordChangedMailInput): MailContent {
  return renderMail({
    subject: `Your ${PRODUCT_NAME} password was changed`,
    recipientName: input.recipientName,
    paragraphs: [
      `The password of your ${PRODUCT_NAME} account (${input.email}) was changed on ${formatUtc(input.changedAt)}.`,
      'Your other signed-in sessions were signed out.',
    ],
    action: { label: 'Reset your password', url: input.forgotPasswordUrl },
    notes: [
      'If you did not change it, reset your password with the link above at once and tell your administrator.',
    ],
  });
}

export function twoStepMail(input: TwoStepMailInput): MailContent {
  const { event } = input;
  const when = formatUtc(input.at);
  const account = `your ${PRODUCT_NAME} account (${input.email})`;
  const [subject, what] =
    event.kind === 'factor_added'
      ? [`Two-step sign-in: ${event.factor} added`, `${event.factor} was added to ${account}`]
      : event.kind === 'factor_removed'
        ? [
            `Two-step sign-in: ${event.factor} removed`,
            `${event.factor} was removed from ${account}`,
          ]
        : event.kind === 'reset'
          ? [
              'Your two-step sign-in was reset',
              `An administrator reset the two-step sign-in of ${account}: its authenticator app, passkeys and recovery codes were removed`,
            ]
          : ['A recovery code was used to sign in', `A recovery code of ${account} was used`];
  const paragraphs = [`${what} on ${when}.`];
  if (event.kind === 'recovery_code_used') {
    paragraphs.push(
      `${countLabel(event.codesLeft, ['recovery code', 'recovery codes'])} left. Make new ones on your profile when few are left.`,
    );
  }
  if (event.kind === 'reset') {
    paragraphs.push('You can set up two-step sign-in again on your profile.');
  }
  return renderMail({
    subject,
    recipientName: input.recipientName,
    paragraphs,
    action: { label: 'Open your profile', url: input.profileUrl },
    notes: ['If this was not you, change your password at once and tell your administrator.'],
  });
}

export function testMail(input: TestMailInput): MailContent {
  return renderMail({
    subject: `${PRODUCT_NAME} test mail`,
    recipientName: input.recipientName,
    paragraphs: [
      `This is a test mail, queued on ${formatUtc(input.sentAt)} from Monitoring › Mail for ${input.email}.`,
      'It reached you, so the outbox and the mail server work.',
    ],
    action: { label: 'Open Monitoring › Mail', url: input.monitoringUrl },
    notes: ['You can ignore or delete this email.'],
  });
}

/** How many of an alert's figures a mail lists at most. */
const ALERT_FIGURES_MAX = 12;

/** `errorCount: 12` → "Error count: 12"; only scalars, each on its own line. */
export function alertFigures(data: Record<string, unknown>): string[] {
  return Object.entries(data)
    .filter(
      ([, value]) =>
        typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
    )
    .slice(0, ALERT_FIGURES_MAX)
    .map(([key, value]) => {
      const words = key
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase();
      return `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${String(value)}`;
    });
}

export function alertMail(input: AlertMailInput): MailContent {
  return renderMail({
    subject: input.summary,
    recipientName: input.recipientName,
    paragraphs: [
      input.summary,
      `Happened on ${formatUtc(input.occurredAt)}.`,
      ...alertFigures(input.data),
    ],
    action: { label: 'Open the alert', url: input.link },
    notes: [`You get this mail because you are a recipient of a ${PRODUCT_NAME} alert channel.`],
  });
}

function greeting(name: string | null): string {
  return name ? `Hello ${name},` : 'Hello,';
}

function renderMail(body: MailBody): MailContent {
  return { subject: body.subject, text: renderText(body), html: renderHtml(body).value };
}

function renderText(body: MailBody): string {
  return [
    greeting(body.recipientName),
    '',
    ...body.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${body.action.label}:`,
    body.action.url,
    '',
    ...body.notes,
    '',
    `${PRODUCT_NAME}`,
    '',
  ].join('\n');
}

const STYLE = {
  page: 'margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;',
  card: 'max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;',
  heading: 'margin:0 0 24px;font-size:20px;color:#111827;',
  text: 'margin:0 0 16px;font-size:15px;line-height:1.5;',
  button:
    'display:inline-block;padding:12px 24px;background:#111827;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;',
  note: 'margin:0 0 8px;font-size:13px;line-height:1.5;color:#4b5563;',
  link: 'word-break:break-all;color:#1d4ed8;',
};

function renderHtml(body: MailBody): SafeHtml {
  const paragraph = (text: string) => html`<p style="${STYLE.text}">${text}</p>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${body.subject}</title>
      </head>
      <body style="${STYLE.page}">
        <div style="${STYLE.card}">
          <h1 style="${STYLE.heading}">${PRODUCT_NAME}</h1>
          ${paragraph(greeting(body.recipientName))} ${body.paragraphs.map(paragraph)}
          <p style="margin:24px 0;">
            <a href="${body.action.url}" style="${STYLE.button}">${body.action.label}</a>
          </p>
          <p style="${STYLE.note}">
            If the button does not work, copy this link into your browser:<br /><a
              href="${body.action.url}"
              style="${STYLE.link}"
              >${body.action.url}</a
            >
          </p>
          ${body.notes.map((note) => html`<p style="${STYLE.note}">${note}</p>`)}
        </div>
      </body>
    </html> `;
}
