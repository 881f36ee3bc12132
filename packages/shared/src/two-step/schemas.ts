import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth/constants.js';
import { hasControlOrInvisibleCharacters } from '../common/text.js';
import { PASSKEY_NAME_MAX_LENGTH, TOTP_DIGITS } from './constants.js';
import { TWO_STEP_MESSAGES } from './messages.js';

/** Two-step sign-in's request schemas (issue 15); its values are in constants.ts, its texts in messages.ts. */

const M = TWO_STEP_MESSAGES;

/** Six digits; spaces a user types between them are ignored. */
export const totpCodeSchema = z
  .string({ error: M.codeRequired })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: M.codeRequired, abort: true })
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: M.codeInvalid }),
  );

/** A recovery code: 10 letters or digits (Crockford base 32), shown as XXXXX-XXXXX; any case. */
export const recoveryCodeSchema = z
  .string({ error: M.codeRequired })
  .transform((code) => code.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: M.codeRequired, abort: true })
      .regex(/^[0-9A-HJKMNP-TV-Z]{10}$/, { error: M.recoveryCodeInvalid }),
  );

/** A passkey's name: the full name's character rule, so a list of passkeys cannot be disguised. */
export const passkeyNameSchema = z
  .string({ error: M.passkeyNameRequired })
  .trim()
  .min(1, { error: M.passkeyNameRequired, abort: true })
  .max(PASSKEY_NAME_MAX_LENGTH, { error: M.passkeyNameTooLong })
  .refine((name) => !hasControlOrInvisibleCharacters(name), {
    error: M.passkeyNameInvalidCharacters,
  });

/**
 * The sign-in challenge from `POST /auth/login`: only the second-step calls accept it. Long
 * enough for anything a client may mix it up with (an access token is answered 401, not 400).
 */
const challengeTokenSchema = z.string().min(1).max(2048);

/** POST /auth/login/second-step: an authenticator code or a recovery code. */
export const secondStepSchema = z.discriminatedUnion('method', [
  z.object({
    challenge_token: challengeTokenSchema,
    method: z.literal('totp'),
    code: totpCodeSchema,
  }),
  z.object({
    challenge_token: challengeTokenSchema,
    method: z.literal('recovery_code'),
    code: recoveryCodeSchema,
  }),
]);
export type SecondStepInput = z.input<typeof secondStepSchema>;

/** POST /auth/login/passkey-options. */
export const passkeyOptionsRequestSchema = z.object({ challenge_token: challengeTokenSchema });

/**
 * A WebAuthn response as `@simplewebauthn/browser` returns it; its inside is checked by
 * `@simplewebauthn/server`, so only its outline is checked here.
 */
export const webAuthnResponseSchema = z
  .object({ id: z.string().min(1).max(1024), rawId: z.string().min(1).max(1024), type: z.string() })
  .passthrough();

/** POST /auth/login/passkey. */
export const passkeySignInSchema = z.object({
  challenge_token: challengeTokenSchema,
  response: webAuthnResponseSchema,
});

/** POST /auth/reauthenticate: the password, and a code (authenticator or recovery) when 2-step is on. */
export const reauthenticateSchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: z.string().max(32).optional(),
});
export type ReauthenticateInput = z.input<typeof reauthenticateSchema>;

/** POST /users/profile/two-step/totp/confirm. */
export const confirmTotpSchema = z.object({ code: totpCodeSchema });
export type ConfirmTotpInput = z.input<typeof confirmTotpSchema>;

/** POST /users/profile/passkeys: the device's answer to the registration options, and its name. */
export const addPasskeySchema = z.object({
  name: passkeyNameSchema,
  response: webAuthnResponseSchema,
});
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
