import type { FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config/env.js';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'confirmNewPassword',
  'confirmedPassword',
  'token',
  'access_token',
  'refresh_token',
  'passwordHash',
  'password_hash',
];

/** Secrets are censored wherever they appear in a logged object, up to three levels deep. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Hides the refresh token in `/api/auth/refresh-token/<token>` and `token` query values. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/auth\/refresh-token\/)[^/?#]+/, '$1[REDACTED]')
    .replace(/([?&]token=)[^&#]*/g, '$1[REDACTED]');
}

/** JSON logs to stdout (or to `destination`, e.g. stderr for the CLI). */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
