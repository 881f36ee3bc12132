/**
 * Alert channels (issue 37): where alerts go. An email channel mails staff by user or by role
 * through the mail outbox; a webhook channel posts a signed JSON body (Standard Webhooks) through
 * the webhook outbox. The constants, messages, request schemas and answers in one file.
 */
import { z } from 'zod';
import { POSITIONS, type Position } from '../auth/roles.js';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../common/constants.js';
import { pageNumberSchema } from '../common/schemas.js';
import { hasControlCharacters } from '../common/text.js';

export const ALERT_CHANNEL_KINDS = ['email', 'webhook'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];
export const ALERT_CHANNEL_KIND_LABELS: Record<AlertChannelKind, string> = {
  email: 'Email',
  webhook: 'Webhook',
};

/** A webhook's body: the alert notice itself, or a Slack-compatible `{ text, blocks }`. */
export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  standard: 'Standard (JSON notice)',
  slack: 'Slack-compatible',
};

/**
 * Who may use a channel: `all` channels are admins' only; `budget` channels finance may manage
 * and use for budget alerts too. A finance user's channel is always `budget`.
 */
export const ALERT_CHANNEL_AUDIENCES = ['all', 'budget'] as const;
export type AlertChannelAudience = (typeof ALERT_CHANNEL_AUDIENCES)[number];

/** A webhook delivery's state in the outbox. */
export const WEBHOOK_DELIVERY_STATES = ['queued', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
export const WEBHOOK_DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Given up',
};

export const ALERT_CHANNEL_LIMITS = {
  name: 100,
  url: 2_000,
  recipients: 50,
} as const;

export const ALERT_CHANNEL_MESSAGES = {
  channelNotFound: 'Alert channel not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${ALERT_CHANNEL_LIMITS.name} characters`,
  nameInvalid: 'Name must not contain control characters',
  kindInvalid: 'Kind must be email or webhook',
  formatInvalid: 'Format must be standard or slack',
  audienceInvalid: 'Audience must be all or budget',
  audienceNotAllowed: 'Finance channels are for budget alerts only',
  urlRequired: 'A webhook needs a URL',
  urlInvalid: 'URL must be an http:// or https:// address',
  urlTooLong: `URL must be at most ${ALERT_CHANNEL_LIMITS.url} characters`,
  urlCredentials: 'URL must not contain a user name or password',
  urlPrivate:
    'URL must point to a public address (not private, loopback, link-local or other internal ranges)',
  urlUnresolvable: 'The URL’s host name could not be resolved',
  urlNotForEmail: 'An email channel has no URL',
  formatNotForEmail: 'An email channel has no format',
  recipientsRequired: 'An email channel needs at least one recipient (a person or a role)',
  recipientsNotForWebhook: 'A webhook channel has no recipients',
  recipientsTooMany: `At most ${ALERT_CHANNEL_LIMITS.recipients} people and roles`,
  recipientUnknown: 'Some of these people do not exist',
  roleInvalid: `Roles must be among ${POSITIONS.join(', ')}`,
  userIdInvalid: 'Each person must be a user id',
  nothingToChange: 'Nothing to change',
  testQueued: 'A test alert is on its way.',
  secretOnce: 'Copy this signing secret now. It will not be shown again.',
  created: 'The channel was added.',
  updated: 'The channel was saved.',
  deleted: 'The channel was deleted.',
} as const;

const nameSchema = z
  .string({ error: ALERT_CHANNEL_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: ALERT_CHANNEL_MESSAGES.nameRequired })
  .max(ALERT_CHANNEL_LIMITS.name, { error: ALERT_CHANNEL_MESSAGES.nameTooLong })
  .refine((name) => !hasControlCharacters(name), { error: ALERT_CHANNEL_MESSAGES.nameInvalid });

/** The shape only (http or https, no credentials); the server checks where the host resolves. */
export const webhookUrlSchema = z
  .string({ error: ALERT_CHANNEL_MESSAGES.urlRequired })
  .trim()
  .min(1, { error: ALERT_CHANNEL_MESSAGES.urlRequired })
  .max(ALERT_CHANNEL_LIMITS.url, { error: ALERT_CHANNEL_MESSAGES.urlTooLong })
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: ALERT_CHANNEL_MESSAGES.urlInvalid });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: ALERT_CHANNEL_MESSAGES.urlInvalid });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: ALERT_CHANNEL_MESSAGES.urlCredentials });
    }
  });

export const alertChannelRecipientsSchema = z
  .object({
    userIds: z
      .array(z.uuid({ error: ALERT_CHANNEL_MESSAGES.userIdInvalid }))
      .max(ALERT_CHANNEL_LIMITS.recipients, { error: ALERT_CHANNEL_MESSAGES.recipientsTooMany })
      .default([]),
    roles: z
      .array(z.enum(POSITIONS, { error: ALERT_CHANNEL_MESSAGES.roleInvalid }))
      .max(POSITIONS.length, { error: ALERT_CHANNEL_MESSAGES.roleInvalid })
      .default([]),
  })
  .strict()
  .transform((recipients) => ({
    userIds: [...new Set(recipients.userIds.map((id) => id.toLowerCase()))],
    roles: [...new Set(recipients.roles)],
  }));
export type AlertChannelRecipients = { userIds: string[]; roles: Position[] };

const hasRecipients = (recipients: AlertChannelRecipients | undefined) =>
  recipients !== undefined && recipients.userIds.length + recipients.roles.length > 0;

/** POST /monitoring/alert-channels. */
export const createAlertChannelSchema = z
  .object({
    kind: z.enum(ALERT_CHANNEL_KINDS, { error: ALERT_CHANNEL_MESSAGES.kindInvalid }),
    name: nameSchema,
    url: webhookUrlSchema.optional(),
    format: z.enum(WEBHOOK_FORMATS, { error: ALERT_CHANNEL_MESSAGES.formatInvalid }).optional(),
    recipients: alertChannelRecipientsSchema.optional(),
    audience: z
      .enum(ALERT_CHANNEL_AUDIENCES, { error: ALERT_CHANNEL_MESSAGES.audienceInvalid })
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.kind === 'webhook') {
      if (body.url === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: ALERT_CHANNEL_MESSAGES.urlRequired,
        });
      }
      if (body.recipients !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['recipients'],
          message: ALERT_CHANNEL_MESSAGES.recipientsNotForWebhook,
        });
      }
    } else {
      if (body.url !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: ALERT_CHANNEL_MESSAGES.urlNotForEmail,
        });
      }
      if (body.format !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['format'],
          message: ALERT_CHANNEL_MESSAGES.formatNotForEmail,
        });
      }
      if (!hasRecipients(body.recipients)) {
        ctx.addIssue({
          code: 'custom',
          path: ['recipients'],
          message: ALERT_CHANNEL_MESSAGES.recipientsRequired,
        });
      }
    }
  });
export type CreateAlertChannelInput = z.infer<typeof createAlertChannelSchema>;

/** PATCH /monitoring/alert-channels/{id}: the kind stays; what does not fit it is refused. */
export const updateAlertChannelSchema = z
  .object({
    name: nameSchema.optional(),
    url: webhookUrlSchema.optional(),
    format: z.enum(WEBHOOK_FORMATS, { error: ALERT_CHANNEL_MESSAGES.formatInvalid }).optional(),
    recipients: alertChannelRecipientsSchema.optional(),
    audience: z
      .enum(ALERT_CHANNEL_AUDIENCES, { error: ALERT_CHANNEL_MESSAGES.audienceInvalid })
      .optional(),
  })
  .strict();
export type UpdateAlertChannelInput = z.infer<typeof updateAlertChannelSchema>;

/** GET /monitoring/alert-channels/{id}/deliveries: newest first. */
export const listWebhookDeliveriesQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
});
export type ListWebhookDeliveriesQuery = z.infer<typeof listWebhookDeliveriesQuerySchema>;

export interface AlertChannel {
  id: string;
  kind: AlertChannelKind;
  name: string;
  audience: AlertChannelAudience;
  /** Webhooks only. */
  url: string | null;
  format: WebhookFormat | null;
  /** Email channels only. */
  recipients: AlertChannelRecipients | null;
  /** The newest webhook delivery's state and when it was made (null: none yet, or email). */
  lastDelivery: { state: WebhookDeliveryState; at: string; statusCode: number | null } | null;
  createdAt: string;
  updatedAt: string;
}

/** POST's answer for a webhook: the signing secret, this one time only. */
export type CreatedAlertChannel = AlertChannel & { secret?: string };

export interface WebhookAttempt {
  at: string;
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookDelivery {
  /** The `webhook-id` header: the same on every retry. */
  id: string;
  type: string;
  state: WebhookDeliveryState;
  attempts: WebhookAttempt[];
  createdAt: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
}
