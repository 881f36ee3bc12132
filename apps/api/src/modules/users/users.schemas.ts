import { POSITIONS, STATUSES, type User } from '@staff-admin/shared';
import { z } from 'zod';

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
}) satisfies z.ZodType<User>;
