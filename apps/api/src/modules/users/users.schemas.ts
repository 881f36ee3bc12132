import {
  POSITIONS,
  STATUSES,
  type AuditEvent,
  type Invitation,
  type Passkey,
  type PersonalData,
  type User,
} from '@staff-admin/shared';
import { z } from 'zod';

const invitationSchema = z
  .object({
    sentAt: z.string().describe('When the newest link was sent (ISO 8601 UTC)'),
    expiresAt: z.string().describe('When that link stops working'),
    expired: z.boolean().describe('The link no longer works (by the server’s clock): resend it'),
  })
  .describe('A pending user’s newest unused invitation link') satisfies z.ZodType<Invitation>;

/** CONTRACT §3's User; only these fields are ever serialised. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  position: z.enum(POSITIONS),
  status: z.enum(STATUSES),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  invitedBy: z.object({ id: z.string(), fullName: z.string().nullable() }).nullable(),
  twoStepEnabled: z.boolean(),
  twoStepRequired: z.boolean(),
  lastSignInAt: z
    .string()
    .nullable()
    .describe('The last successful sign-in; null if the account never signed in'),
  invitation: invitationSchema
    .nullable()
    .describe('Pending users only (null for others, or when no unused link is left)'),
}) satisfies z.ZodType<User>;

const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
}) satisfies z.ZodType<Passkey>;

const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
}) satisfies z.ZodType<AuditEvent>;

/** GET /users/profile/export: nothing secret (no hash, token, or authenticator secret) has a field here. */
export const personalDataSchema = z.object({
  exportedAt: z.string(),
  user: userSchema,
  sessions: z
    .array(
      z.object({
        id: z.string(),
        createdAt: z.string(),
        lastUsedAt: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        endedAt: z.string().nullable().describe('When it ended; null while it lasts'),
      }),
    )
    .describe(
      'The sessions (signed-in devices), live and ended ones the site still keeps, most recently used first',
    ),
  twoStep: z.object({
    totp: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    passkeys: z.array(passkeySchema),
  }),
  auditEvents: z
    .array(auditEventSchema)
    .describe(
      'Events where the user is the actor or the target, oldest first; the IP address and ' +
        'browser of an event another user caused are left out (null)',
    ),
}) satisfies z.ZodType<PersonalData>;
