import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** What a unit of work sees: repositories inside its transaction, and work for after the commit. */
export interface TransactionScope<Repos> {
  repos: Repos;
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
 *
 * `Repos` is what the caller uses of them: a service names the repositories it writes through
 * (`UnitOfWork<{ users: UsersRepository }>`), and the one unit of work the composition root builds
 * over the whole registry (src/repositories.ts) serves every such service.
 */
export interface UnitOfWork<Repos> {
  run<T>(work: (scope: TransactionScope<Repos>) => Promise<T>): Promise<T>;
}

/** Repositories are functions of the connection: each transaction gets its own set, bound to it. */
export function createUnitOfWork<Repos>(
  db: Kysely<DB>,
  repositoriesOf: (transaction: Kysely<DB>) => Repos,
): UnitOfWork<Repos> {
  return {
    async run(work) {
      const callbacks: (() => void | Promise<void>)[] = [];
      const result = await db.transaction().execute((transaction) =>
        work({
          repos: repositoriesOf(transaction),
          afterCommit: (callback) => callbacks.push(callback),
        }),
      );
      for (const callback of callbacks) await callback();
      return result;
    },
  };
}
