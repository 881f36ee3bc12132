import type { FastifyRequest } from 'fastify';
import { ACCESS_REASONS } from '@staff-admin/shared';
import { z } from 'zod';
import type { RequestOrigin } from '../lib/request-origin.js';

/** CONTRACT §2's error body. */
export const errorBodySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** Why a signed-in caller was refused (403): set up two-step sign-in, or confirm the password. */
  reason: z.enum(ACCESS_REASONS).optional(),
});

/** Success bodies are `{ data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/**
 * Error responses for the OpenAPI document, by status. Every call may also answer 503 with
 * `Retry-After` while the database (or, for some, Redis or the upload folder) is unavailable.
 */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries([...statuses, 503].map((status) => [status, errorBodySchema])) as Record<
    S | 503,
    typeof errorBodySchema
  >;

export const bearerSecurity = [{ bearer: [] }];

/** The client IP (as TRUST_PROXY allows) and user agent: kept on sessions and audit events. */
export const requestOrigin = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});
