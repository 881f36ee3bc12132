import { POSITIONS, STATUSES, type Invitation, type User } from '@staff-admin/shared';
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
  managedBySso: z
    .boolean()
    .describe("The role follows the company sign-in's claim and cannot be changed by hand"),
  managedByDirectory: z
    .boolean()
    .describe(
      "Provisioned by the company's directory (SCIM): name, email and status cannot be changed by hand",
    ),
}) satisfies z.ZodType<User>;
