import {
  BUDGETING_MESSAGES as M,
  type CostRate,
  type CreateCostRateInput,
  type ListCostRatesQuery,
} from '@staff-admin/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { DomainError, invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { CostsRepository } from './costs.repository.js';
import type { CostsTransaction } from './costs-transaction.js';
import { CostNotFound } from './costs.service.js';

const rateExists = () =>
  new DomainError('conflict', M.rateExists, { errors: { validFrom: M.rateExists } });

interface CostRatesDeps {
  repository: CostsRepository;
  unitOfWork: UnitOfWork<CostsTransaction>;
  clock: Clock;
}

/** Budgeting › Cost rates: a person's hourly rate in a currency from a day on. */
export class CostRatesService {
  constructor(private readonly deps: CostRatesDeps) {}

  private now(): string {
    return toIso(this.deps.clock.now());
  }

  async list(query: ListCostRatesQuery): Promise<CostRate[]> {
    const rows = await this.deps.repository.findRates({
      userId: query.userId?.toLowerCase(),
      currency: query.currency,
    });
    return rows.map((row) => ({
      id: row.id,
      person: row.person,
      rate: { amount: row.amountMinor, currency: row.currency },
      validFrom: row.validFrom,
      createdAt: row.createdAt,
      createdBy: row.createdBy,
    }));
  }

  /** A new rate applies to entries made from now on; recorded entries keep the rate they used. */
  async add(actorId: string, input: CreateCostRateInput, origin: RequestOrigin): Promise<CostRate> {
    const userId = input.userId.toLowerCase();
    const id = newId();
    const write = this.deps.unitOfWork.run(async ({ repos }) => {
      if (!(await repos.projects.findPerson(userId))) {
        throw invalid(M.personNotFound, { userId: M.personNotFound });
      }
      const existing = await repos.costs.findRates({ userId, currency: input.rate.currency });
      if (existing.some((rate) => rate.validFrom === input.validFrom)) throw rateExists();
      await repos.costs.insertRate({
        id,
        userId,
        currency: input.rate.currency,
        amountMinor: input.rate.amount,
        validFrom: input.validFrom,
        createdBy: actorId,
        at: this.now(),
      });
      await repos.audit.record({
        action: 'cost_rate.created',
        actorId,
        targetId: userId,
        origin,
        details: { after: { ...input, userId } },
      });
    });
    await write.catch((error: unknown) => {
      throw isUniqueViolation(error) ? rateExists() : error;
    });
    const created = (await this.list({ userId })).find((rate) => rate.id === id);
    if (!created) throw new CostNotFound();
    return created;
  }
}
