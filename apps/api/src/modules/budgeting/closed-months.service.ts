import { BUDGETING_MESSAGES as M, type ClosedMonth } from '@staff-admin/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { ClosedMonthsRepository } from './closed-months.repository.js';
import type { CostsTransaction } from './costs-transaction.js';

/** No entry dated in a closed month may be added, changed or deleted. */
export class MonthClosed extends DomainError {
  constructor(message: string = M.monthClosed) {
    super('conflict', message);
  }
}

export const monthOf = (date: string) => date.slice(0, 7);

/**
 * Refuses a write of costs dated in a closed month. Call it in the write's transaction, before
 * writing, with the dates of the entries as they are now (read locked): it holds the closed months
 * steady until the commit, so no month can be closed between this check and the write.
 */
export async function assertMonthsOpen(
  repos: Pick<CostsTransaction, 'closedMonths'>,
  dates: string[],
  message?: string,
): Promise<void> {
  await repos.closedMonths.lock('shared');
  const closed = await repos.closedMonths.closedAmong(dates.map(monthOf));
  if (closed.length > 0) throw new MonthClosed(message);
}

const monthAlreadyClosed = () =>
  new DomainError('conflict', M.monthAlreadyClosed, { errors: { month: M.monthAlreadyClosed } });

interface ClosedMonthsDeps {
  repository: ClosedMonthsRepository;
  unitOfWork: UnitOfWork<CostsTransaction>;
  clock: Clock;
}

/** Budgeting › Closed months: no cost dated in one may be added, changed or deleted. */
export class ClosedMonthsService {
  constructor(private readonly deps: ClosedMonthsDeps) {}

  private now(): string {
    return toIso(this.deps.clock.now());
  }

  async list(): Promise<ClosedMonth[]> {
    return this.deps.repository.find();
  }

  async close(actorId: string, month: string, origin: RequestOrigin): Promise<ClosedMonth> {
    const write = this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.closedMonths.lock('exclusive');
      if ((await repos.closedMonths.closedAmong([month])).length > 0) throw monthAlreadyClosed();
      const at = this.now();
      await repos.closedMonths.insert(month, actorId, at);
      await repos.audit.record({
        action: 'month.closed',
        actorId,
        targetId: null,
        origin,
        details: { month, before: { closed: false }, after: { closed: true, closedAt: at } },
      });
    });
    await write.catch((error: unknown) => {
      throw isUniqueViolation(error) ? monthAlreadyClosed() : error;
    });
    const [closed] = await this.deps.repository.find(month);
    if (!closed) throw new DomainError('not_found', M.closedMonthNotFound);
    return closed;
  }

  /** Reopening is for admins only (the route's guard) and is audited. */
  async reopen(actorId: string, month: string, origin: RequestOrigin): Promise<void> {
    await this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.closedMonths.lock('exclusive');
      const [closed] = await repos.closedMonths.find(month);
      if (!closed || !(await repos.closedMonths.delete(month))) {
        throw new DomainError('not_found', M.closedMonthNotFound);
      }
      await repos.audit.record({
        action: 'month.reopened',
        actorId,
        targetId: null,
        origin,
        details: {
          month,
          before: {
            closed: true,
            closedAt: closed.closedAt,
            closedBy: closed.closedBy?.id ?? null,
          },
          after: { closed: false },
        },
      });
    });
  }
}
