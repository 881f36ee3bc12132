import { API_MESSAGES } from '@staff-admin/shared';

interface AppErrorOptions {
  /** Field path → first message, sent as the contract's `errors`. */
  errors?: Record<string, string>;
  /** Extra response headers, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * A domain error with an HTTP status and a message meant for people. Services throw these; the one
 * error handler turns them into `{ code, message, errors? }` (CONTRACT §2).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, { errors });
export const unauthorized = (message: string = API_MESSAGES.unauthorized) =>
  new AppError(401, message);
export const forbidden = (message: string = API_MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = API_MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
