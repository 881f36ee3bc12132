import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionMeta } from '../modules/sessions/sessions.service.js';

/** CONTRACT §2's error body. */
export const errorBodySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** Success bodies are `{ data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Error responses for the OpenAPI document, by status. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;

export const bearerSecurity = [{ bearer: [] }];

export const sessionMeta = (request: FastifyRequest): SessionMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});
