import {
  API_MESSAGES,
  TWO_STEP_MESSAGES,
  type AccessReason,
  type Status,
} from '@staff-admin/shared';

/**
 * What kind of failure an error is. Services, jobs and the CLI speak only of these; the one error
 * handler (plugins/error-handler.ts) turns each kind into its HTTP status and the contract's
 * `{ code, message, errors? }` (CONTRACT §2), and the CLI prints the message.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited'
  | 'unavailable';

interface DomainErrorOptions {
  /** Field path → first message, sent as the contract's `errors`. */
  errors?: Record<string, string>;
  /** When to try again (`Retry-After`), for rate limits and a busy or unavailable server. */
  retryAfterSeconds?: number;
  /** Why a signed-in caller is refused (403): the error body's `reason`. */
  reason?: AccessReason;
  cause?: unknown;
}

/** An expected failure with a message meant for people. */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly errors: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly reason: AccessReason | undefined;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.errors = options.errors;
    this.reason = options.reason;
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined
        ? undefined
        : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }
}

export const invalid = (message: string, errors?: Record<string, string>) =>
  new DomainError('invalid', message, { errors });
export const unauthenticated = (message: string = API_MESSAGES.unauthorized) =>
  new DomainError('unauthenticated', message);
export const forbidden = (message: string = API_MESSAGES.forbidden) =>
  new DomainError('forbidden', message);
export const notFound = (message: string = API_MESSAGES.notFound) =>
  new DomainError('not_found', message);
/** 403 with a `reason` the site acts on (set up two-step sign-in, confirm the password). */
export const accessRefused = (reason: AccessReason) =>
  new DomainError(
    'forbidden',
    reason === 'two_step_setup_required'
      ? TWO_STEP_MESSAGES.setupRequired
      : TWO_STEP_MESSAGES.reauthenticationRequired,
    { reason },
  );
/** 403 for an account that may not use the site now, with the message that says why. */
export const accountNotActive = (status: Exclude<Status, 'active'>) =>
  forbidden(status === 'pending' ? API_MESSAGES.accountPending : API_MESSAGES.accountInactive);
export const conflict = (message: string) => new DomainError('conflict', message);
export const rateLimited = (message: string, retryAfterSeconds?: number) =>
  new DomainError('rate_limited', message, { retryAfterSeconds });

// The domain's own errors, named where a rule is worth naming or several modules raise them.

export class UserNotFound extends DomainError {
  constructor() {
    super('not_found', API_MESSAGES.userNotFound);
  }
}

/** Changing the last active admin's role or status, or deleting them, would lock everyone out. */
export class LastActiveAdmin extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}

export class EmailTaken extends DomainError {
  constructor() {
    super('conflict', API_MESSAGES.emailTaken);
  }
}

/** The password given for an account is not its password (`field` names the form field). */
export class WrongPassword extends DomainError {
  constructor(field?: string) {
    super('invalid', API_MESSAGES.passwordMismatch, {
      errors: field ? { [field]: API_MESSAGES.passwordMismatch } : undefined,
    });
  }
}

/** Too many failed password checks for the email: no check until the lock ends. */
export class AccountLocked extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', API_MESSAGES.accountLocked, { retryAfterSeconds });
  }
}

/** A one-time link that is unknown, used, cancelled, of another kind or for a user who moved on. */
export class InvalidToken extends DomainError {
  constructor() {
    super('invalid', API_MESSAGES.invalidToken);
  }
}

export class TokenExpired extends DomainError {
  constructor() {
    super('invalid', API_MESSAGES.tokenExpired);
  }
}

/** The session behind a token has ended (logout, revocation, expiry, a password change). */
export class SessionEnded extends DomainError {
  constructor(kind: 'unauthenticated' | 'forbidden' = 'unauthenticated') {
    super(kind, API_MESSAGES.sessionEnded);
  }
}

/** More work is waiting than the server takes on (the password-hashing queue is full). */
export class ServerBusy extends DomainError {
  constructor() {
    super('unavailable', API_MESSAGES.serverBusy, { retryAfterSeconds: 1 });
  }
}
