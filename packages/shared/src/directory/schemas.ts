/** Monitoring › Directory (issue 36): the calls' request schemas. */
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../common/constants.js';
import { pageNumberSchema } from '../common/schemas.js';
import { hasControlOrInvisibleCharacters } from '../common/text.js';
import { SCIM_LOG_RESULTS, SCIM_TOKEN_NAME_MAX_LENGTH } from './constants.js';
import { DIRECTORY_MESSAGES as M } from './messages.js';

/** POST /directory/tokens. */
export const createScimTokenSchema = z.object({
  name: z
    .string({ error: M.tokenNameRequired })
    .trim()
    .min(1, { error: M.tokenNameRequired, abort: true })
    .max(SCIM_TOKEN_NAME_MAX_LENGTH, { error: M.tokenNameTooLong })
    .refine((name) => !hasControlOrInvisibleCharacters(name), {
      error: M.tokenNameInvalidCharacters,
    }),
});
export type CreateScimTokenInput = z.infer<typeof createScimTokenSchema>;

/** GET /directory/log: newest first, all calls or only the failed ones. */
export const scimLogQuerySchema = z.object({
  result: z.enum(SCIM_LOG_RESULTS).default('all'),
  page: pageNumberSchema.default(1),
  limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
});
export type ScimLogQuery = z.infer<typeof scimLogQuerySchema>;
