import { STATUS_CODES } from 'node:http';
import { API_MESSAGES, type ApiErrorBody } from '@staff-admin/shared';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { classifyDependencyFailure } from '../lib/dependency-failure.js';
import { DomainError, type ErrorKind } from '../lib/errors.js';

/** Errors Fastify raises before routing (frameworkErrors) or while reading a body. */
const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The request address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The request address is too long' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: API_MESSAGES.malformedBody },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: API_MESSAGES.malformedBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: API_MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: API_MESSAGES.unsupportedMediaType },
};

/** Safe texts for client errors raised by Fastify or its plugins (their own texts are for developers). */
const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: API_MESSAGES.malformedBody,
  401: API_MESSAGES.unauthorized,
  403: API_MESSAGES.forbidden,
  404: API_MESSAGES.notFound,
  413: API_MESSAGES.payloadTooLarge,
  415: API_MESSAGES.unsupportedMediaType,
  429: API_MESSAGES.tooManyRequests,
};

/** The one place where a kind of failure becomes an HTTP status. */
const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

/** How soon a client may try again while a dependency is down: outages here last seconds. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Field path → its first message, e.g. `users.0.email`. */
function fieldErrors(issues: { instancePath: string; message?: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.');
    if (field && issue.message && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** What an error becomes on the wire: status, the contract's body, headers. */
export function toResponse(error: FastifyError | DomainError): {
  status: number;
  body: ApiErrorBody;
  headers?: Record<string, string>;
} {
  if (error instanceof DomainError) {
    const status = STATUS_OF[error.kind];
    const body: ApiErrorBody = { code: status, message: error.message };
    if (error.errors) body.errors = error.errors;
    if (error.reason) body.reason = error.reason;
    const headers =
      error.retryAfterSeconds === undefined
        ? undefined
        : { 'retry-after': String(error.retryAfterSeconds) };
    return { status, body, headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error.validation);
    const body: ApiErrorBody = { code: 400, message: API_MESSAGES.validationFailed };
    if (Object.keys(errors).length > 0) body.errors = errors;
    return { status: 400, body };
  }
  const known = error.code ? BODY_ERRORS[error.code] : undefined;
  if (known) return { status: known.status, body: { code: known.status, message: known.message } };
  const outage = classifyDependencyFailure(error);
  if (outage?.full) {
    return { status: 507, body: { code: 507, message: API_MESSAGES.storageFull } };
  }
  if (outage) {
    return {
      status: 503,
      body: { code: 503, message: API_MESSAGES.serviceUnavailable },
      headers: { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = CLIENT_ERROR_MESSAGES[status] ?? STATUS_CODES[status] ?? 'Request failed';
    return { status, body: { code: status, message } };
  }
  return { status: 500, body: { code: 500, message: API_MESSAGES.internalError } };
}
