import {
  normalizeEmail,
  SECURITY_MESSAGES,
  SECURITY_REUSE_LIMIT,
  SECURITY_SUMMARY_HOURS,
  type LockedAccount,
  type SecuritySummary,
} from '@staff-admin/shared';
import { personOrNull } from '../../db/person-ref.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { AuditAction, AuditRepository, AuditTargetRow } from '../audit/index.js';
import { MAX_LOCK_MS, type LoginLockout } from '../lockout/index.js';

const HOUR_MS = 3_600_000;

/** The events that end a lock before its time: an admin's unlock, a right password, a reset. */
export const LOCK_ENDING_ACTIONS = [
  'auth.unlocked',
  'auth.login_succeeded',
  'password.reset_completed',
] as const satisfies readonly AuditAction[];

interface SecurityDeps {
  /** Read for the locks and the summary; unlocks are recorded in it. */
  audit: AuditRepository;
  lockout: LoginLockout;
  clock: Clock;
}

/** Whom an audit row about a lock names: the account, else the email (locks are per email). */
function lockKey(row: AuditTargetRow): string | undefined {
  if (row.targetId) return row.targetId;
  const details = row.details ? (JSON.parse(row.details) as { email?: unknown }) : {};
  return typeof details.email === 'string' ? details.email : undefined;
}

/**
 * Monitoring › Sign-in security. Locks live in the counter store (Redis with several processes),
 * which cannot be listed; the audit trail can: an email is locked now when its latest
 * `auth.locked_out` event has not run out (at + seconds) and no unlock, successful sign-in or
 * password reset for it came later (docs/decisions.md).
 */
export class SecurityService {
  constructor(private readonly deps: SecurityDeps) {}

  async lockedAccounts(): Promise<LockedAccount[]> {
    const now = this.deps.clock.now();
    // No lock lasts longer than MAX_LOCK_MS, so older events cannot be in force.
    const rows = await this.deps.audit.eventsSince(
      ['auth.locked_out', ...LOCK_ENDING_ACTIONS],
      toIso(now - MAX_LOCK_MS),
    );
    const latest = new Map<string, LockedAccount>();
    const endedAt = new Map<string, string>();
    for (const row of rows) {
      const key = lockKey(row);
      if (!key) continue;
      if (row.action !== 'auth.locked_out') {
        endedAt.set(key, row.at);
        continue;
      }
      const details = JSON.parse(row.details ?? '{}') as {
        email?: string;
        seconds?: number;
        lockouts?: number;
      };
      const email = row.email ?? details.email;
      // A deleted account's lock names no email any more: nothing to show or unlock by.
      if (!email) continue;
      latest.set(key, {
        email,
        user: row.targetId ? { id: row.targetId, fullName: row.fullName } : null,
        lockedAt: row.at,
        lockedUntil: toIso(Date.parse(row.at) + (details.seconds ?? 0) * 1000),
        lockouts: details.lockouts ?? 1,
      });
    }
    // An end at the very time of the lock ends it too (an unlock right after it, same millisecond).
    return [...latest.entries()]
      .filter(([key, lock]) => {
        const ended = endedAt.get(key);
        return (ended === undefined || ended < lock.lockedAt) && Date.parse(lock.lockedUntil) > now;
      })
      .map(([, lock]) => lock)
      .sort((a, b) => b.lockedAt.localeCompare(a.lockedAt) || a.email.localeCompare(b.email));
  }

  /** Lifts the lock on `email` (404 when it is not locked now) and audits who did it. */
  async unlock(input: string, adminId: string, origin: RequestOrigin): Promise<void> {
    const email = normalizeEmail(input);
    const lock = (await this.lockedAccounts()).find((locked) => locked.email === email);
    if (!lock) throw notFound(SECURITY_MESSAGES.notLocked);
    await this.deps.lockout.clear(email);
    await this.deps.audit.record({
      action: 'auth.unlocked',
      actorId: adminId,
      targetId: lock.user?.id,
      origin,
      details: lock.user ? undefined : { email },
    });
  }

  async summary(): Promise<SecuritySummary> {
    const currentHour = Math.floor(this.deps.clock.now() / HOUR_MS) * HOUR_MS;
    const intervals = Array.from({ length: SECURITY_SUMMARY_HOURS }, (_, index) => {
      const start = currentHour - (SECURITY_SUMMARY_HOURS - 1 - index) * HOUR_MS;
      return { start: toIso(start), end: toIso(start + HOUR_MS) };
    });
    const [counts, reuses] = await Promise.all([
      this.deps.audit.countPerInterval('auth.login_failed', intervals),
      this.deps.audit.latestEvents('auth.refresh_token_reused', SECURITY_REUSE_LIMIT),
    ]);
    return {
      failedSignIns: intervals.map(({ start }, index) => ({ hour: start, count: counts[index]! })),
      refreshTokenReuses: reuses.map((reuse) => ({
        id: reuse.id,
        at: reuse.at,
        ip: reuse.ip,
        user: personOrNull(reuse.targetId, reuse.fullName, reuse.email),
      })),
    };
  }
}
