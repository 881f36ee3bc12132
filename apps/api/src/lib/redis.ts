import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface RedisConfig {
  url: string;
  /** Put before every key and channel, so deployments (and test runs) can share one Redis. */
  prefix: string;
}

/** A command that has no answer within this long fails, and its caller falls back. */
const COMMAND_TIMEOUT_MS = 1_000;
/** Connecting (at start and after a loss) gives up after this long and tries again. */
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnect attempts come quickly at first, then every half second while Redis stays down. */
const reconnectDelayMs = (attempt: number) => Math.min(attempt * 100, 500);
/** Errors of a Redis that stays down are logged once per this interval, not per retry. */
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * An ioredis client for counters, rate limits and revocations. Keys carry the prefix (ioredis
 * `keyPrefix`, scripts included); channels get it from their callers.
 *
 * A request never waits for Redis: while it is unreachable commands fail at once (no offline
 * queue) and a command without an answer fails after COMMAND_TIMEOUT_MS; the callers fall back
 * (see fallback-counter-store.ts) and the client reconnects in the background. /api/ready reports
 * the outage meanwhile. The start waits for the first connection a moment, not longer: a server
 * may start while Redis is down. ioredis is loaded here, so a process without REDIS_URL never
 * holds it in memory.
 */
export async function createRedis(
  { url, prefix }: RedisConfig,
  log: FastifyBaseLogger,
): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    keyPrefix: prefix,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: reconnectDelayMs,
    maxRetriesPerRequest: 0,
    connectionName: 'staff-admin',
  });
  attachErrorLog(client, log);
  if (!(await connectedWithin(client, CONNECT_TIMEOUT_MS))) {
    log.error('redis unreachable at start: counters fall back to this process until it answers');
  }
  return client;
}

/**
 * A client for subscribing: unlike the command client it queues its SUBSCRIBE until connected
 * (and ioredis subscribes again after each reconnect), with no command timeout.
 */
export function duplicateForSubscribing(client: Redis, log: FastifyBaseLogger): Redis {
  const subscriber = client.duplicate({
    keyPrefix: '',
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  attachErrorLog(subscriber, log);
  return subscriber;
}

/** Whether the client is ready now or becomes so within `ms`. */
export function connectedWithin(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.once('ready', onReady);
  });
}

/** Whether commands can be sent now (connected and past the handshake). */
export const isRedisUp = (client: Redis): boolean => client.status === 'ready';

/** Logs a client's connection errors, at most one per interval (an unhandled 'error' would crash). */
export function attachErrorLog(client: Redis, log: FastifyBaseLogger): void {
  let lastLogged = 0;
  client.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = now;
    log.error({ err: error }, 'redis connection failed');
  });
}

/** Ends a client: politely if it is connected, at once otherwise. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}
