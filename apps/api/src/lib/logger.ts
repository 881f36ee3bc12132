import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import type { LogFormat, LogLevel } from '../config/env.js';

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

/** LOG_FORMAT when set; otherwise readable lines on a terminal and JSON anywhere else. */
export const logFormatFor = (configured: LogFormat | undefined, isTerminal: boolean): LogFormat =>
  configured ?? (isTerminal ? 'pretty' : 'json');

/**
 * pino-pretty's options: local clock time, the level, the message, and for a request its method,
 * URL, status and time on that line; other fields (an error and its stack) follow below; colours
 * on a terminal. It runs as pino's transport, in a worker thread, loaded only when chosen.
 */
const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat:
    '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}' +
    '{if responseTime} ({responseTime} ms){end}',
};

/**
 * JSON lines to stdout (or to `destination`, e.g. stderr for the CLI), or readable lines to stdout
 * (`format: 'pretty'`, the server on a terminal).
 */
export function createLogger(
  level: LogLevel,
  destination?: pino.DestinationStream,
  format: LogFormat = 'json',
): Logger {
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
  if (destination) return pino(options, destination);
  if (format === 'json') return pino(options);
  return pino({ ...options, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } });
}

/** Probe routes set `config: { probe: true }`: load balancers call them every few seconds. */
declare module 'fastify' {
  interface FastifyContextConfig {
    probe?: boolean;
  }
}

/** Probes log their request lines at debug, other routes at info. */
const requestLevel = (request: FastifyRequest) =>
  request.routeOptions?.config?.probe === true ? 'debug' : 'info';

/**
 * Fastify's request lines ("incoming request", "request completed"), at info, except for health
 * and readiness probes, whose lines are debug: a probe every few seconds would otherwise fill the
 * log with pairs of lines. A failed request is logged as Fastify does (error). The response time
 * is kept to a tenth of a millisecond.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log[requestLevel(request)]({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    if (this.isLogDisabled(request)) return;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    reply.log[requestLevel(request)]({ res: reply, responseTime }, 'request completed');
  }
}
