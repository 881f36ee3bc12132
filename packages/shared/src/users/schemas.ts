/** User management (SPEC §3, §4; issue 16): the calls' request schemas. */
import { z } from 'zod';
import { LIST_MAX_LIMIT } from '../common/constants.js';
import { normalizeEmail, repeatedEmailIndexes } from '../common/email.js';
import { API_MESSAGES, VALIDATION_MESSAGES as M } from '../common/messages.js';
import {
  booleanQuerySchema,
  emailSchema,
  limitPerPageSchema,
  pageNumberSchema,
  searchQuerySchema,
  sortDirectionSchema,
} from '../common/schemas.js';
import { hasControlOrInvisibleCharacters } from '../common/text.js';
import { POSITIONS, STATUSES, SWITCHABLE_STATUSES } from '../auth/roles.js';
import {
  BULK_CREATE_MAX,
  BULK_USER_ACTIONS,
  BULK_USERS_MAX,
  DORMANT_DAYS_MAX,
  EMAILS_QUERY_MAX,
  FULL_NAME_MAX_LENGTH,
  USER_LIST_DEFAULT_SORT,
  USER_SORT_COLUMNS,
} from './constants.js';
import { BULK_MESSAGES } from './messages.js';

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

export const positionSchema = z.enum(POSITIONS, { error: M.positionRequired });
export const statusSchema = z.enum(STATUSES);

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
  all: booleanQuerySchema.optional(),
  page: pageNumberSchema.default(1),
  limitPerPage: limitPerPageSchema,
  sortBy: z.enum(USER_SORT_COLUMNS).default(USER_LIST_DEFAULT_SORT.sortBy),
  sortDirection: sortDirectionSchema(USER_LIST_DEFAULT_SORT.sortDirection),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/** GET /users/export.csv: the list's filter and order, every page. */
export const exportUsersQuerySchema = userListFilterSchema.extend({
  sortBy: z.enum(USER_SORT_COLUMNS).default(USER_LIST_DEFAULT_SORT.sortBy),
  sortDirection: sortDirectionSchema(USER_LIST_DEFAULT_SORT.sortDirection),
});
export type ExportUsersQuery = z.infer<typeof exportUsersQuerySchema>;

/**
 * POST /users/bulk: an action on the users with these `ids`, or on those matching `filter`
 * (the list's filter). With a filter, one call acts on at most `limit` matches in id order,
 * after the id `after`; the answer's `next` is where the next call goes on (null: done). So
 * "every user that matches" works for any number of users without the site loading them.
 */
export const bulkUsersSchema = z
  .object({
    action: z.enum(BULK_USER_ACTIONS),
    /** The new role (changeRole only). */
    position: z.enum(POSITIONS).optional(),
    ids: z.array(z.string().min(1)).min(1).max(BULK_USERS_MAX).optional(),
    filter: userListFilterSchema.optional(),
    after: z.string().min(1).optional(),
    limit: z.number().int().min(1).max(BULK_USERS_MAX).default(BULK_USERS_MAX),
  })
  .superRefine((input, ctx) => {
    if ((input.ids === undefined) === (input.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: BULK_MESSAGES.idsOrFilter });
    }
    if (input.after !== undefined && input.filter === undefined) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: BULK_MESSAGES.afterNeedsFilter });
    }
    if ((input.action === 'changeRole') !== (input.position !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['position'], message: BULK_MESSAGES.positionRequired });
    }
  });
export type BulkUsersInput = z.input<typeof bulkUsersSchema>;
export type BulkUsers = z.infer<typeof bulkUsersSchema>;
