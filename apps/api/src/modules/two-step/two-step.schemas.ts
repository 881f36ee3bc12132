import { SECOND_STEP_METHODS, type Passkey } from '@staff-admin/shared';
import { z } from 'zod';

export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

/** `POST /auth/login`'s answer when the account has a second factor. */
export const secondStepRequiredSchema = z.object({
  second_step: z.object({
    challenge_token: z.string(),
    methods: z.array(z.enum(SECOND_STEP_METHODS)),
    expires_at: z.string(),
  }),
});

/** A passkey as its owner sees it: never its key. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
}) satisfies z.ZodType<Passkey>;
