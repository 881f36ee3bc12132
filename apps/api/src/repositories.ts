import type { Position } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import type { Database, DbEngine } from './db/database.js';
import type { DB } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { CostsRepository } from './modules/budgeting/costs.repository.js';
import { ImportBatchesRepository } from './modules/budgeting/import-batches.repository.js';
import { ProjectsRepository } from './modules/budgeting/projects.repository.js';
import { ErrorsRepository } from './modules/monitoring/errors.repository.js';
import { MailMonitoringRepository } from './modules/monitoring/mail.repository.js';
import { RetentionRepository } from './modules/retention/retention.repository.js';
import { MailOutboxRepository } from './modules/mail/mail-outbox.repository.js';
import { OneTimeTokensRepository } from './modules/one-time-tokens/one-time-tokens.repository.js';
import { SessionsRepository } from './modules/sessions/sessions.repository.js';
import { UploadsRepository } from './modules/uploads/uploads.repository.js';
import { PasskeysRepository } from './modules/two-step/passkeys.repository.js';
import { TwoStepRepository } from './modules/two-step/two-step.repository.js';
import { UsersRepository } from './modules/users/users.repository.js';

/** Every repository, bound to one connection pool or to one open transaction. */
export interface Repositories {
  users: UsersRepository;
  /** Second factors, recovery codes, sign-in challenges (modules/two-step). */
  twoStep: TwoStepRepository;
  /** WebAuthn credentials (modules/two-step/passkeys.repository.ts). */
  passkeys: PasskeysRepository;
  sessions: SessionsRepository;
  oneTimeTokens: OneTimeTokensRepository;
  mailOutbox: MailOutboxRepository;
  uploads: UploadsRepository;
  audit: AuditRepository;
  retention: RetentionRepository;
  errors: ErrorsRepository;
  mailMonitoring: MailMonitoringRepository;
  projects: ProjectsRepository;
  costs: CostsRepository;
  importBatches: ImportBatchesRepository;
}

export function createRepositories(
  db: Kysely<DB>,
  engine: DbEngine,
  clock: Clock,
  twoStepRoles: readonly Position[] = [],
): Repositories {
  return {
    users: new UsersRepository(db, engine, undefined, twoStepRoles, clock),
    twoStep: new TwoStepRepository(db),
    passkeys: new PasskeysRepository(db),
    sessions: new SessionsRepository(db),
    oneTimeTokens: new OneTimeTokensRepository(db),
    mailOutbox: new MailOutboxRepository(db, engine),
    uploads: new UploadsRepository(db),
    audit: new AuditRepository(db, clock),
    retention: new RetentionRepository(db),
    errors: new ErrorsRepository(db),
    mailMonitoring: new MailMonitoringRepository(db),
    projects: new ProjectsRepository(db),
    costs: new CostsRepository(db, engine),
    importBatches: new ImportBatchesRepository(db, engine),
  };
}

/** What a unit of work sees: repositories inside its transaction, and work for after the commit. */
export interface TransactionScope {
  repos: Repositories;
  /**
   * Runs once the transaction has committed (never after a rollback), e.g. waking the mailer or
   * announcing a revocation; the unit of work waits for it before it returns.
   */
  afterCommit(callback: () => void | Promise<void>): void;
}

/**
 * Changes that must land together (a user, their token and the mail that carries it) run in one
 * transaction. Keep slow work such as password hashing outside: on SQLite a transaction holds the
 * only connection.
 */
export class UnitOfWork {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** MFA_REQUIRED_ROLES, for the users repository's `twoStepRequired`. */
    private readonly twoStepRoles: readonly Position[] = [],
  ) {}

  async run<T>(work: (scope: TransactionScope) => Promise<T>): Promise<T> {
    const callbacks: (() => void | Promise<void>)[] = [];
    const result = await this.database.db.transaction().execute((trx) =>
      work({
        repos: createRepositories(trx, this.database.engine, this.clock, this.twoStepRoles),
        afterCommit: (callback) => callbacks.push(callback),
      }),
    );
    for (const callback of callbacks) await callback();
    return result;
  }
}
