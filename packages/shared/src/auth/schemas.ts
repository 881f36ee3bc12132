/** Signing in, passwords and sessions: the calls' request schemas (SPEC §5). */
import { z } from 'zod';
import { LIST_MAX_LIMIT } from '../common/constants.js';
import { VALIDATION_MESSAGES as M } from '../common/messages.js';
import { emailSchema, pageNumberSchema, required } from '../common/schemas.js';
import { PASSWORD_MAX_LENGTH, TOKEN_TYPES } from './constants.js';
import { isStrongPassword } from './password.js';

/** A password the user chooses now: required, then SPEC §5's strength rule. */
const newPassword = (requiredMessage: string) =>
  required(requiredMessage)
    .max(PASSWORD_MAX_LENGTH, { error: M.passwordTooLong, abort: true })
    .refine(isStrongPassword, { error: M.passwordStrength });

/** Adds "Password don't match." on `confirmKey` when it differs from `passwordKey`. */
function matching<K extends string, C extends string>(passwordKey: K, confirmKey: C) {
  return (value: Record<K | C, string>, ctx: z.RefinementCtx) => {
    if (value[confirmKey] && value[passwordKey] !== value[confirmKey]) {
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: M.passwordMismatch });
    }
  };
}

export const loginSchema = z.object({
  email: emailSchema,
  password: required(M.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const setupAccountSchema = z
  .object({
    token: required(M.tokenRequired),
    password: newPassword(M.passwordRequired),
    confirmedPassword: required(M.confirmPasswordRequired),
  })
  .superRefine(matching('password', 'confirmedPassword'));
export type SetupAccountInput = z.infer<typeof setupAccountSchema>;

export const resetPasswordSchema = z
  .object({
    token: required(M.tokenRequired),
    newPassword: newPassword(M.newPasswordRequired),
    confirmNewPassword: required(M.confirmPasswordRequired),
  })
  .superRefine(matching('newPassword', 'confirmNewPassword'));
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    password: required(M.passwordRequired),
    newPassword: newPassword(M.newPasswordRequired),
    confirmNewPassword: required(M.confirmPasswordRequired),
  })
  .superRefine(matching('newPassword', 'confirmNewPassword'));
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const checkTokenQuerySchema = z.object({
  token: required(M.tokenRequired),
  jwtTokenType: z.enum(TOKEN_TYPES),
});

/**
 * GET /users/{id}/sessions: the caller's own session first, then the most recently used; one
 * page of `limitPerPage` of them, or every one when it is left out.
 */
export const listSessionsQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).optional(),
});
export type ListSessionsQuery = z.infer<typeof listSessionsQuerySchema>;

/** POST /auth/oidc/exchange: the one-time code the callback handed the site. */
export const oidcExchangeSchema = z.object({ code: z.string().min(1).max(200) });
export type OidcExchangeInput = z.infer<typeof oidcExchangeSchema>;
