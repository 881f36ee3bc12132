import { z } from 'zod';
import {
  BULK_CREATE_MAX,
  EMAILS_QUERY_MAX,
  FULL_NAME_MAX_LENGTH,
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  PASSWORD_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
  type SortDirection,
} from './constants.js';
import { isValidEmail, normalizeEmail, repeatedEmailIndexes } from './email.js';
import { API_MESSAGES, VALIDATION_MESSAGES as M } from './messages.js';
import { isStrongPassword } from './password.js';
import { POSITIONS, STATUSES, SWITCHABLE_STATUSES } from './roles.js';
import { hasControlCharacters, hasControlOrInvisibleCharacters } from './text.js';

/** A required string: missing, non-string or empty all give the same "please enter" message. */
const required = (message: string) =>
  z.string({ error: message }).min(1, { error: message, abort: true });

export const emailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .refine(isValidEmail, { error: M.emailInvalid });

/** A password the user chooses now: required, then SPEC §5's strength rule. */
const newPassword = (requiredMessage: string) =>
  required(requiredMessage)
    .max(PASSWORD_MAX_LENGTH, { error: M.passwordTooLong, abort: true })
    .refine(isStrongPassword, { error: M.passwordStrength });

const fullNameRules = (name: z.ZodString) =>
  name
    .max(FULL_NAME_MAX_LENGTH, { error: M.fullNameTooLong })
    .refine((text) => !hasControlOrInvisibleCharacters(text), {
      error: M.fullNameInvalidCharacters,
    });

export const fullNameSchema = fullNameRules(
  z.string({ error: M.fullNameRequired }).trim().min(1, { error: M.fullNameRequired, abort: true }),
);

/** The same rules where a name may be left empty (an invited user who has none yet). */
export const fullNameOrEmptySchema = fullNameRules(z.string().trim());

/** A page number in a list's query (1-based). */
export const pageNumberSchema = z.coerce.number().int().min(1).max(1_000_000);

export const positionSchema = z.enum(POSITIONS, { error: M.positionRequired });
export const statusSchema = z.enum(STATUSES);

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

/** `imageUrl`: an upload's path, or null to remove the picture; absent leaves it as it is. */
const imageUrlSchema = z.string().max(500).startsWith('/').nullable().optional();

export const updateProfileSchema = z.object({
  fullName: fullNameSchema,
  imageUrl: imageUrlSchema,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const updateUserSchema = z.object({
  fullName: fullNameSchema.optional(),
  position: positionSchema.optional(),
  status: statusSchema.optional(),
  imageUrl: imageUrlSchema,
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const updateStatusSchema = z.object({ status: z.enum(SWITCHABLE_STATUSES) });
export type UpdateStatusInput = z.infer<typeof updateStatusSchema>;

export const inviteRowSchema = z.object({
  email: emailSchema,
  fullName: fullNameSchema.optional(),
  position: positionSchema,
});
export type InviteRow = z.infer<typeof inviteRowSchema>;

/**
 * For `.superRefine`: flags every row of `list` whose email (normalised) already appeared earlier,
 * on that row's email field, with the one message for it. The invite dialog and the server use it.
 */
export const noRepeatedEmails =
  <K extends string>(list: K) =>
  (value: Record<K, readonly { email: string }[]>, context: z.RefinementCtx) => {
    for (const index of repeatedEmailIndexes(value[list].map((row) => row.email))) {
      context.addIssue({
        code: 'custom',
        path: [list, index, 'email'],
        message: API_MESSAGES.duplicateEmailInList,
      });
    }
  };

export const bulkCreateSchema = z
  .object({
    users: z
      .array(inviteRowSchema)
      .min(1, { error: M.inviteRowsRequired })
      .max(BULK_CREATE_MAX, { error: M.inviteRowsTooMany }),
  })
  .superRefine(noRepeatedEmails('users'));
export type BulkCreateInput = z.infer<typeof bulkCreateSchema>;

/** `a@x.com,b@x.com`, `emails=a@x.com&emails=b@x.com` or both: one list, normalised, no repeats. */
const emailListSchema = z
  .union([z.string(), z.array(z.string())], { error: M.emailRequired })
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(','));
    return [...new Set(parts.map(normalizeEmail).filter((email) => email !== ''))];
  })
  .pipe(
    z
      .array(emailSchema)
      .min(1, { error: M.emailRequired })
      .max(EMAILS_QUERY_MAX, { error: M.emailsTooMany }),
  );

/** GET /users/emails: `limitPerPage` defaults to the most emails one call may ask for. */
export const usersByEmailsQuerySchema = z.object({
  emails: emailListSchema,
  page: pageNumberSchema.default(1),
  limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_MAX_LIMIT),
});
export type UsersByEmailsQuery = z.infer<typeof usersByEmailsQuerySchema>;

export const resendInvitationSchema = z.object({ email: emailSchema });

export const TOKEN_TYPES = ['confirmation_token', 'reset_password_token'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export const checkTokenQuerySchema = z.object({
  token: required(M.tokenRequired),
  jwtTokenType: z.enum(TOKEN_TYPES),
});

/** A `true`/`false` query value. */
export const booleanQuerySchema = z.enum(['true', 'false']).transform((v) => v === 'true');
const booleanQuery = booleanQuerySchema;

/** The pieces every list call's query shares: search term, page size and sort direction. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH)
  .refine((search) => !hasControlCharacters(search), { error: M.searchInvalidCharacters });
export const limitPerPageSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIST_MAX_LIMIT)
  .default(LIST_DEFAULT_LIMIT);
export const sortDirectionSchema = (fallback: SortDirection) =>
  z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(SORT_DIRECTIONS))
    .default(fallback);

export const USER_SORT_COLUMNS = [
  'fullName',
  'email',
  'position',
  'status',
  'createdAt',
  'lastSignInAt',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** The user list's order when none is asked for: newest first. */
export const USER_LIST_DEFAULT_SORT = { sortBy: 'createdAt', sortDirection: 'DESC' } as const;

/** The most days "no sign-in for N days" takes (ten years). */
export const DORMANT_DAYS_MAX = 3650;

/** `true`/`false` in a query, or a JSON boolean in a body (the bulk call's filter). */
const booleanField = z.union([z.boolean(), booleanQuerySchema]);

/**
 * What narrows the user list (issue 16). The list, its CSV export and a bulk action on "every
 * user that matches" all take this one filter, so they always mean the same users.
 * - `position`, `status`: exactly that role or status.
 * - `neverSignedIn`: nobody has signed in to the account yet (pending users, or set up and
 *   never used).
 * - `dormantDays`: no sign-in for at least this many days; an account that never signed in
 *   counts from its creation (so a fresh invitation is not dormant).
 * - `invitedDays`: pending users whose newest invitation was sent at least this many days ago
 *   (one whose invitation is gone counts too): whom "Remind pending users" writes to, so that a
 *   resend, one by one or a reminder, starts the count again.
 */
export const userListFilterSchema = z.object({
  search: searchQuerySchema.optional(),
  includeInactive: booleanField.default(true),
  position: z.enum(POSITIONS).optional(),
  status: z.enum(STATUSES).optional(),
  neverSignedIn: booleanField.optional(),
  dormantDays: z.coerce.number().int().min(1).max(DORMANT_DAYS_MAX).optional(),
  invitedDays: z.coerce.number().int().min(1).max(DORMANT_DAYS_MAX).optional(),
});
export type UserListFilter = z.infer<typeof userListFilterSchema>;
export type UserListFilterInput = z.input<typeof userListFilterSchema>;

export const listUsersQuerySchema = userListFilterSchema.extend({
  all: booleanQuery.optional(),
  page: pageNumberSchema.default(1),
  limitPerPage: limitPerPageSchema,
  sortBy: z.enum(USER_SORT_COLUMNS).default(USER_LIST_DEFAULT_SORT.sortBy),
  sortDirection: sortDirectionSchema(USER_LIST_DEFAULT_SORT.sortDirection),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/**
 * GET /users/{id}/sessions: the caller's own session first, then the most recently used; one
 * page of `limitPerPage` of them, or every one when it is left out.
 */
export const listSessionsQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).optional(),
});
export type ListSessionsQuery = z.infer<typeof listSessionsQuerySchema>;

/** GET /users/export.csv: the list's filter and order, every page. */
export const exportUsersQuerySchema = userListFilterSchema.extend({
  sortBy: z.enum(USER_SORT_COLUMNS).default(USER_LIST_DEFAULT_SORT.sortBy),
  sortDirection: sortDirectionSchema(USER_LIST_DEFAULT_SORT.sortDirection),
});
export type ExportUsersQuery = z.infer<typeof exportUsersQuerySchema>;
