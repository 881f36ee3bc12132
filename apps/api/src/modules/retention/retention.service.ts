import { SCIM_LOG_RETENTION_DAYS } from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { NO_ORIGIN, type AuditRepository } from '../audit/index.js';
import type { OneTimeTokensRepository } from '../one-time-tokens/index.js';
import type { ErrorsService, UptimeService } from '../monitoring/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { PasskeysRepository, TwoStepRepository } from '../two-step/index.js';
import type { UsersRepository, UsersService } from '../users/index.js';
import type { JobLeaseRepository } from '../../db/job-leases.js';
import type {
  LapsedInvitation,
  RetentionRepository,
  StaleAccount,
} from './retention.repository.js';

export const RETENTION_JOB = 'retention';
/** A run holds the lease this long at most; a process that dies frees it after this. */
const LEASE_MS = 15 * 60 * 1000;
/**
 * Sign-in challenges and passkey registration challenges are deleted a day after they expired,
 * used or not (a used one was used before its expiry). Ended ones are refused with or without
 * their row, so the day is only a margin: no process, whatever its clock skew, sees a row vanish
 * while it may still be live. The job runs daily: at most about two days of rows remain.
 */
export const ENDED_CHALLENGE_KEEP_MS = 24 * 60 * 60 * 1000;

/** What a run would do now (`--dry-run`), or did. */
export interface RetentionPlan {
  /** Accounts to delete, oldest activity first. */
  accounts: StaleAccount[];
  /** Stale accounts kept: the last active admin is never expired. */
  kept: StaleAccount[];
  invitations: LapsedInvitation[];
}

export interface RetentionReport {
  /** False when another process held the lease (it is running the job). */
  ran: boolean;
  expiredAccounts: number;
  keptAccounts: number;
  expiredInvitations: number;
  /** Error occurrences and groups past ERROR_OCCURRENCE_RETENTION / ERROR_GROUP_RETENTION. */
  removedErrorOccurrences: number;
  removedErrorGroups: number;
  /** Two-step sign-in challenges that expired more than ENDED_CHALLENGE_KEEP_MS ago. */
  removedSignInChallenges: number;
  /** Passkey registration challenges that expired more than ENDED_CHALLENGE_KEEP_MS ago. */
  removedPasskeyRegistrations: number;
  /** SCIM calls of the sync log older than SCIM_LOG_RETENTION_DAYS. */
  removedScimCalls: number;
  /** Health samples older than UPTIME_SAMPLE_RETENTION_DAYS (their days stay rolled up). */
  removedHealthSamples: number;
  /** Daily uptime rollups older than UPTIME_DAILY_RETENTION_DAYS. */
  removedHealthDays: number;
}

interface RetentionDeps {
  repository: RetentionRepository;
  leases: JobLeaseRepository;
  users: UsersService;
  usersRepository: UsersRepository;
  sessions: SessionsService;
  errors: ErrorsService;
  /** Uptime history: rebuilds the kept days' rollups, prunes samples and old rollups. */
  uptime: Pick<UptimeService, 'prune'>;
  /** Sign-in challenges (two-step sign-in). */
  twoStep: Pick<TwoStepRepository, 'deleteChallengesEndedBefore'>;
  /** Passkey registration challenges. */
  passkeys: Pick<PasskeysRepository, 'deleteRegistrationsExpiredBefore'>;
  /** Monitoring › Directory's sync log: calls older than SCIM_LOG_RETENTION_DAYS go. */
  scimLog: { deleteBefore(cutoff: string): Promise<number> };
  unitOfWork: UnitOfWork<{ oneTimeTokens: OneTimeTokensRepository; audit: AuditRepository }>;
  /** ACCOUNT_EXPIRY: an account with no sign-in for this long expires. */
  accountExpiryMs: number;
  log: FastifyBaseLogger;
  clock: Clock;
}

/**
 * SPEC §1's retention promise: an account unused for ACCOUNT_EXPIRY (a year) expires and its
 * personal data is deleted (UsersService.expire), and invitations nobody accepted before they
 * lapsed are marked expired. Spent rows go too: refresh-token grace pairs, old error occurrences,
 * and ended two-step sign-in and passkey registration challenges. Safe to start from several
 * processes at once: a run needs the job's lease.
 */
export class RetentionService {
  constructor(private readonly deps: RetentionDeps) {}

  cutoff(now: number): string {
    return toIso(now - this.deps.accountExpiryMs);
  }

  /** What a run would do now; changes nothing. */
  async plan(now: number = this.deps.clock.now()): Promise<RetentionPlan> {
    const stale = await this.deps.repository.findStaleAccounts(this.cutoff(now));
    // The same rule as the run: walking oldest first, an active admin goes only while another
    // active admin remains.
    const activeAdmins = new Set(await this.deps.usersRepository.findActiveAdminIds());
    const accounts: StaleAccount[] = [];
    const kept: StaleAccount[] = [];
    for (const account of stale) {
      const activeAdmin = account.position === 'admin' && account.status === 'active';
      if (activeAdmin && activeAdmins.size <= 1) {
        kept.push(account);
        continue;
      }
      if (activeAdmin) activeAdmins.delete(account.id);
      accounts.push(account);
    }
    return {
      accounts,
      kept,
      invitations: await this.deps.repository.findLapsedInvitations(toIso(now)),
    };
  }

  async run(now: number = this.deps.clock.now()): Promise<RetentionReport> {
    const { leases, log } = this.deps;
    const holder = newId();
    const acquired = await leases.acquire(RETENTION_JOB, holder, toIso(now), toIso(now + LEASE_MS));
    if (!acquired) {
      return {
        ran: false,
        expiredAccounts: 0,
        keptAccounts: 0,
        expiredInvitations: 0,
        removedErrorOccurrences: 0,
        removedErrorGroups: 0,
        removedSignInChallenges: 0,
        removedPasskeyRegistrations: 0,
        removedScimCalls: 0,
        removedHealthSamples: 0,
        removedHealthDays: 0,
      };
    }
    try {
      const plan = await this.plan(now);
      const cutoff = this.cutoff(now);
      let expiredAccounts = 0;
      let keptAccounts = 0;
      for (const account of [...plan.accounts, ...plan.kept]) {
        const outcome = await this.deps.users.expire(account.id, cutoff);
        if (outcome === 'expired') expiredAccounts += 1;
        if (outcome === 'kept') keptAccounts += 1;
      }
      const expiredInvitations = await this.expireInvitations(plan.invitations, now);
      const cleared = await this.deps.sessions.clearExpiredSuccessors(now);
      const errors = await this.deps.errors.prune(now);
      const challengesEndedBefore = toIso(now - ENDED_CHALLENGE_KEEP_MS);
      const removedSignInChallenges =
        await this.deps.twoStep.deleteChallengesEndedBefore(challengesEndedBefore);
      const removedPasskeyRegistrations =
        await this.deps.passkeys.deleteRegistrationsExpiredBefore(challengesEndedBefore);
      const removedScimCalls = await this.deps.scimLog.deleteBefore(
        toIso(now - SCIM_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000),
      );
      const health = await this.deps.uptime.prune(now);
      const report = {
        ran: true,
        expiredAccounts,
        keptAccounts,
        expiredInvitations,
        removedErrorOccurrences: errors.occurrences,
        removedErrorGroups: errors.groups,
        removedSignInChallenges,
        removedPasskeyRegistrations,
        removedScimCalls,
        removedHealthSamples: health.samples,
        removedHealthDays: health.days,
      };
      const changes =
        expiredAccounts +
        expiredInvitations +
        cleared +
        errors.occurrences +
        errors.groups +
        removedSignInChallenges +
        removedPasskeyRegistrations +
        removedScimCalls +
        health.samples +
        health.days;
      if (changes > 0) {
        log.info({ ...report, clearedRefreshSuccessors: cleared }, 'retention: done');
      }
      return report;
    } finally {
      await leases.release(RETENTION_JOB, holder, toIso(this.deps.clock.now()));
    }
  }

  private async expireInvitations(invitations: LapsedInvitation[], now: number): Promise<number> {
    if (invitations.length === 0) return 0;
    return this.deps.unitOfWork.run(async ({ repos }) => {
      let marked = 0;
      for (const invitation of invitations) {
        if (!(await repos.oneTimeTokens.markInvitationExpired(invitation.tokenId, toIso(now))))
          continue;
        await repos.audit.record({
          action: 'invitation.expired',
          targetId: invitation.userId,
          origin: NO_ORIGIN,
          details: { expiresAt: invitation.expiresAt },
        });
        marked += 1;
      }
      return marked;
    });
  }
}
