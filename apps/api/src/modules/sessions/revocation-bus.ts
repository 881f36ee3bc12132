import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { attachErrorLog } from '../../lib/redis.js';

/** A session ended, or something about a user changed (status, position, password, deletion). */
export type Revocation = { kind: 'session'; sessionId: string } | { kind: 'user'; userId: string };

const revocationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sessionId: z.string() }),
  z.object({ kind: z.literal('user'), userId: z.string() }),
]);

/** `'all'`: messages may have been missed (a lost connection); forget everything. */
export type RevocationListener = (revocation: Revocation | 'all') => void;

/**
 * Tells every API process that cached session data is stale. In memory for one process; over Redis
 * pub/sub when REDIS_URL is set, so a logout or a deactivation on one process refuses the token
 * on all of them at once. The database stays the truth: this only evicts caches.
 */
export interface RevocationBus {
  publish(revocation: Revocation): Promise<void>;
  subscribe(listener: RevocationListener): void;
  close(): Promise<void>;
}

export function createMemoryRevocationBus(): RevocationBus {
  const listeners = new Set<RevocationListener>();
  return {
    async publish(revocation) {
      for (const listener of listeners) listener(revocation);
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

const CHANNEL = 'session-revocations';

/**
 * Redis pub/sub on `<prefix>session-revocations`. Published revocations reach this process's
 * listeners at once, and the others through Redis. Pub/sub delivers at most once: when the
 * subscriber connection is lost and comes back, listeners are told to forget everything, since
 * revocations may have been published meanwhile.
 */
export async function createRedisRevocationBus(
  redis: Redis,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RevocationBus> {
  const channel = `${prefix}${CHANNEL}`;
  const listeners = new Set<RevocationListener>();
  const notify = (revocation: Revocation | 'all') => {
    for (const listener of listeners) listener(revocation);
  };

  // A connection in subscriber mode can do nothing else; ioredis resubscribes after reconnects.
  const subscriber = redis.duplicate({ keyPrefix: '' });
  attachErrorLog(subscriber, log);
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (connectedBefore) {
      log.warn('revocation channel reconnected: session cache cleared');
      notify('all');
    }
    connectedBefore = true;
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const parsed = revocationSchema.safeParse(safeJson(message));
    if (parsed.success) notify(parsed.data);
    else log.warn({ message }, 'revocation channel: unreadable message ignored');
  });
  await subscriber.subscribe(channel);

  return {
    async publish(revocation) {
      notify(revocation);
      await redis.publish(channel, JSON.stringify(revocation));
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    async close() {
      listeners.clear();
      subscriber.disconnect();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
