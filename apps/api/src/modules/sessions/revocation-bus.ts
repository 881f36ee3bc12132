import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { connectedWithin, duplicateForSubscribing, isRedisUp } from '../../lib/redis.js';

/** A session ended, or something about a user changed (status, position, password, deletion). */
export type Revocation = { kind: 'session'; sessionId: string } | { kind: 'user'; userId: string };

const revocationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sessionId: z.string() }),
  z.object({ kind: z.literal('user'), userId: z.string() }),
]);

/** On the wire: the revocation and a nonce that its receivers confirm. */
const messageSchema = z.object({ revocation: revocationSchema, nonce: z.string() });

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
  /**
   * Whether revocations reach this process now. While they do not (Redis is down), a cache must
   * not be trusted: another process may have revoked what it holds.
   */
  live(): boolean;
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
    live: () => true,
    async close() {
      listeners.clear();
    },
  };
}

const CHANNEL = 'session-revocations';
/** Where each process confirms that it has applied a revocation (the message's nonce). */
const ACK_CHANNEL = 'session-revocations:applied';
/** How long `publish` waits for every process to confirm. */
const ACK_TIMEOUT_MS = 1_000;
/** How long the start waits for the subscription; without Redis it is made when Redis returns. */
const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * Redis pub/sub on `<prefix>session-revocations`. A revocation is applied here at once and sent
 * to every process (this one included); each process evicts, then confirms on
 * `<prefix>session-revocations:applied`. `publish` resolves once as many confirmations came back
 * as Redis counted receivers, so the call that revoked (a logout, a deactivation) answers only
 * when no process will honour the session any more. A process that does not confirm within a
 * second is logged and not waited for: its cache expires the entry within SESSION_CACHE_TTL.
 *
 * Pub/sub delivers at most once: when the subscriber connection is lost and comes back,
 * listeners are told to forget everything, since revocations may have been published meanwhile.
 */
export async function createRedisRevocationBus(
  redis: Redis,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RevocationBus> {
  const channel = `${prefix}${CHANNEL}`;
  const ackChannel = `${prefix}${ACK_CHANNEL}`;
  const listeners = new Set<RevocationListener>();
  /** Nonce of a revocation this process published → called once per confirmation. */
  const awaitingAcks = new Map<string, () => void>();
  const notify = (revocation: Revocation | 'all') => {
    for (const listener of listeners) listener(revocation);
  };

  // A connection in subscriber mode can do nothing else; ioredis resubscribes after reconnects.
  const subscriber = duplicateForSubscribing(redis, log);
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (connectedBefore) {
      log.warn('revocation channel reconnected: session cache cleared');
      notify('all');
    }
    connectedBefore = true;
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from === ackChannel) {
      awaitingAcks.get(text)?.();
      return;
    }
    if (from !== channel) return;
    const parsed = messageSchema.safeParse(safeJson(text));
    if (!parsed.success) {
      log.warn({ message: text }, 'revocation channel: unreadable message ignored');
      return;
    }
    notify(parsed.data.revocation);
    redis.publish(ackChannel, parsed.data.nonce).catch((error: unknown) => {
      log.error({ err: error }, 'revocation channel: cannot confirm');
    });
  });
  const subscribed = subscriber.subscribe(channel, ackChannel);
  subscribed.catch((error: unknown) =>
    log.error({ err: error }, 'revocation channel: cannot subscribe'),
  );
  if (await connectedWithin(subscriber, SUBSCRIBE_WAIT_MS)) await subscribed;

  return {
    async publish(revocation) {
      notify(revocation);
      const nonce = randomUUID();
      let acks = 0;
      let expected = Number.POSITIVE_INFINITY;
      let done: () => void = () => {};
      const allApplied = new Promise<void>((resolve) => {
        done = resolve;
      });
      awaitingAcks.set(nonce, () => {
        acks += 1;
        if (acks >= expected) done();
      });
      const timer = setTimeout(() => {
        log.warn({ revocation, acks, expected }, 'revocation channel: not every process confirmed');
        done();
      }, ACK_TIMEOUT_MS);
      try {
        expected = await redis.publish(channel, JSON.stringify({ revocation, nonce }));
        if (acks >= expected) done();
        await allApplied;
      } finally {
        clearTimeout(timer);
        awaitingAcks.delete(nonce);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    live: () => isRedisUp(subscriber),
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
