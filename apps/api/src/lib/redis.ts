import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface RedisConfig {
  url: string;
  /** Put before every key and channel, so deployments (and test runs) can share one Redis. */
  prefix: string;
}

/** How long one command may wait for a connection before it fails (rather than queueing forever). */
const COMMAND_RETRIES = 2;
/** Errors of a Redis that stays down are logged once per this interval, not per retry. */
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * An ioredis client for counters, rate limits and revocations. Keys carry the prefix (ioredis
 * `keyPrefix`, scripts included); channels get it from their callers. Commands fail after a few
 * reconnect attempts instead of hanging a request; the client keeps reconnecting in the
 * background, and /api/ready reports the outage meanwhile. ioredis is loaded here, so a process
 * without REDIS_URL never holds it in memory.
 */
export async function createRedis(
  { url, prefix }: RedisConfig,
  log: FastifyBaseLogger,
): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    keyPrefix: prefix,
    maxRetriesPerRequest: COMMAND_RETRIES,
    connectionName: 'staff-admin',
  });
  attachErrorLog(client, log);
  return client;
}

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
