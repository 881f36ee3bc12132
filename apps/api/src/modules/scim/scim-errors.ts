import { STATUS_CODES } from 'node:http';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, EmailTaken } from '../../lib/errors.js';
import { toResponse } from '../../http/error-response.js';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_MEDIA_TYPE = 'application/scim+json; charset=utf-8';

/** RFC 7644 §3.12's detail error keywords. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue';

/** A failure the SCIM protocol names (status and scimType); everything else maps in scimResponse. */
export class ScimError extends Error {
  override name = 'ScimError';
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export interface ScimErrorBody {
  schemas: [typeof SCIM_ERROR_SCHEMA];
  status: string;
  scimType?: ScimType;
  detail: string;
}

const body = (status: number, detail: string, scimType?: ScimType): ScimErrorBody => ({
  schemas: [SCIM_ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/**
 * Any error of a SCIM route as RFC 7644 §3.12's error: a ScimError as it is, anything else as the
 * one error handler judges it (status, safe message, Retry-After), in SCIM's shape.
 */
export function scimResponse(error: unknown): {
  status: number;
  body: ScimErrorBody;
  headers?: Record<string, string>;
} {
  if (error instanceof ScimError)
    return { status: error.status, body: body(error.status, error.detail, error.scimType) };
  const fastifyError = error as FastifyError | DomainError;
  const { status, body: contract, headers } = toResponse(fastifyError);
  let scimType: ScimType | undefined;
  if (error instanceof EmailTaken) scimType = 'uniqueness';
  else if (status === 400) {
    // A field our rules refused is a value; anything else (a body that is no JSON) is syntax.
    const refusedValue = error instanceof DomainError || hasZodFastifySchemaValidationErrors(error);
    scimType = refusedValue ? 'invalidValue' : 'invalidSyntax';
  }
  const detail = contract.errors
    ? `${contract.message}: ${Object.entries(contract.errors)
        .map(([field, message]) => `${field}: ${message}`)
        .join('; ')}`
    : (contract.message ?? STATUS_CODES[status] ?? 'Request failed');
  return { status, body: body(status, detail, scimType), headers };
}
