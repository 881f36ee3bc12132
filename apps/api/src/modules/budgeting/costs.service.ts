import {
  BUDGETING_MESSAGES as M,
  hoursToHundredths,
  labourAmount,
  MONEY_MAX_MINOR,
  type CostEntry,
  type CreateCostInput,
  type ListCostsQuery,
  type Paginated,
  type UpdateCostInput,
} from '@staff-admin/shared';
import { toIso, type Clock } from '../../lib/clock.js';
import { DomainError, invalid } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { paginationMeta } from '../../lib/pagination.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { assertMonthsOpen } from './closed-months.service.js';
import type { CostChanges, CostRow, CostsRepository } from './costs.repository.js';
import type { CostsTransaction } from './costs-transaction.js';
import type { ProjectsService } from './projects.service.js';

export class CostNotFound extends DomainError {
  constructor() {
    super('not_found', M.costNotFound);
  }
}

/** A project's cost total must stay an exact number in every JSON reader. */
export class TotalTooLarge extends DomainError {
  constructor() {
    super('conflict', M.totalTooLarge);
  }
}

/** The entry as it is now, locked until the transaction ends: what a change or delete starts from. */
async function lockedCost(repos: CostsTransaction, id: string): Promise<CostRow> {
  const row = await repos.costs.findByIdForUpdate(id);
  if (!row) throw new CostNotFound();
  return row;
}

/** Hours as hundredths; the schema has checked them, and a bad value is refused, never made 0. */
function hundredthsOf(hours: number): number {
  const hundredths = hoursToHundredths(hours);
  if (hundredths === null) throw invalid(M.hoursInvalid, { hours: M.hoursInvalid });
  return hundredths;
}

interface CostsDeps {
  repository: CostsRepository;
  projects: ProjectsService;
  unitOfWork: UnitOfWork<CostsTransaction>;
  clock: Clock;
}

export function toCostEntry(row: CostRow, currency: string): CostEntry {
  return {
    id: row.id,
    projectId: row.projectId,
    date: row.date,
    category: row.category,
    description: row.description,
    amount: { amount: row.amountMinor, currency },
    person: row.person,
    hours: row.hoursHundredths === null ? null : row.hoursHundredths / 100,
    rate: row.rateMinor === null ? null : { amount: row.rateMinor, currency },
    importBatchId: row.importBatchId,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The least a project's cost total may be: credits beyond it would make the remaining (a budget of
 * up to MONEY_MAX_MINOR minus the total) pass what a JSON number holds exactly.
 */
const LEAST_ACTUAL_MINOR = MONEY_MAX_MINOR - Number.MAX_SAFE_INTEGER;

/**
 * Adds to the project's cost total and entry count inside the caller's transaction, refusing
 * (TotalTooLarge, so the transaction rolls back) a total past what JSON numbers hold exactly.
 */
export async function addToProjectActual(
  repos: Pick<CostsTransaction, 'projects'>,
  projectId: string,
  delta: { amountMinor: number; count: number },
  at: string,
): Promise<void> {
  const total = await repos.projects.addToActual(projectId, delta, at);
  if (!Number.isSafeInteger(total) || total < LEAST_ACTUAL_MINOR) throw new TotalTooLarge();
}

/** Budgeting › Costs: a project's entries (cost rates: cost-rates.service.ts; closed months: closed-months.service.ts). */
export class CostsService {
  constructor(private readonly deps: CostsDeps) {}

  private now(): string {
    return toIso(this.deps.clock.now());
  }

  async list(projectId: string, query: ListCostsQuery): Promise<Paginated<CostEntry>> {
    const project = await this.deps.projects.findRow(projectId);
    const { costs, total } = await this.deps.repository.findPage(project.id, query);
    return {
      data: costs.map((row) => toCostEntry(row, project.currency)),
      meta: paginationMeta(query.page, query.limitPerPage, total),
    };
  }

  /** Every cost the filter matches, in the list's order (the CSV export). */
  async listAll(projectId: string, query: ListCostsQuery) {
    const project = await this.deps.projects.findRow(projectId);
    const { costs } = await this.deps.repository.findPage(project.id, query, { paged: false });
    return { project, costs: costs.map((row) => toCostEntry(row, project.currency)) };
  }

  private async findRow(id: string): Promise<CostRow> {
    const row = isUuid(id) ? await this.deps.repository.findById(id.toLowerCase()) : undefined;
    if (!row) throw new CostNotFound();
    return row;
  }

  /**
   * Labour is priced at the person's rate that day, rounded once; the rate is kept with it. The
   * amount obeys the limit of a typed amount.
   */
  private async price(
    repos: CostsTransaction,
    currency: string,
    labour: { userId: string; date: string; hoursHundredths: number; rateMinor?: number | null },
  ): Promise<{ amountMinor: number; rateMinor: number }> {
    const rateMinor =
      labour.rateMinor ?? (await repos.costs.rateOn(labour.userId, currency, labour.date));
    if (rateMinor === undefined) throw invalid(M.noRate, { userId: M.noRate });
    const priced = labourAmount({ amount: rateMinor, currency }, labour.hoursHundredths);
    if ('error' in priced) throw invalid(priced.error, { hours: priced.error });
    return { amountMinor: priced.amount, rateMinor };
  }

  async create(
    actorId: string,
    projectId: string,
    input: CreateCostInput,
    origin: RequestOrigin,
  ): Promise<CostEntry> {
    const project = await this.deps.projects.findRow(projectId);
    if (input.category !== 'labour' && input.amount.currency !== project.currency) {
      throw invalid(M.currencyMismatch, { amount: M.currencyMismatch });
    }
    const id = newId();
    const at = this.now();
    await this.deps.unitOfWork.run(async ({ repos }) => {
      await assertMonthsOpen(repos, [input.date]);
      let fields: Pick<CostChanges, 'amountMinor' | 'userId' | 'hoursHundredths' | 'rateMinor'>;
      if (input.category === 'labour') {
        const userId = input.userId.toLowerCase();
        if (!(await repos.projects.findPerson(userId))) {
          throw invalid(M.personNotFound, { userId: M.personNotFound });
        }
        const hoursHundredths = hundredthsOf(input.hours);
        const priced = await this.price(repos, project.currency, {
          userId,
          date: input.date,
          hoursHundredths,
        });
        fields = { ...priced, userId, hoursHundredths };
      } else {
        fields = {
          amountMinor: input.amount.amount,
          userId: null,
          hoursHundredths: null,
          rateMinor: null,
        };
      }
      await repos.costs.insertMany([
        {
          id,
          projectId: project.id,
          date: input.date,
          category: input.category,
          description: input.description,
          importBatchId: null,
          createdBy: actorId,
          at,
          ...fields,
        },
      ]);
      await addToProjectActual(
        repos,
        project.id,
        { amountMinor: fields.amountMinor, count: 1 },
        at,
      );
      await repos.audit.record({
        action: 'cost.created',
        actorId,
        targetId: id,
        origin,
        details: { projectId: project.id, after: { ...input, amountMinor: fields.amountMinor } },
      });
    });
    return toCostEntry(await this.findRow(id), project.currency);
  }

  /**
   * Changes an entry. Labour keeps the rate it stored while its person and date stay; a new
   * person or date is priced at that person's rate on that day.
   */
  async update(
    actorId: string,
    id: string,
    input: UpdateCostInput,
    origin: RequestOrigin,
  ): Promise<CostEntry> {
    const found = await this.findRow(id);
    const project = await this.deps.projects.findRow(found.projectId);
    if (input.amount && input.amount.currency !== project.currency) {
      throw invalid(M.currencyMismatch, { amount: M.currencyMismatch });
    }
    await this.deps.unitOfWork.run(async ({ repos }) => {
      const current = await lockedCost(repos, found.id);
      const date = input.date ?? current.date;
      await assertMonthsOpen(repos, [current.date, date]);
      const category = input.category ?? current.category;
      let next: CostChanges;
      if (category === 'labour') {
        const userId = input.userId?.toLowerCase() ?? current.person?.id;
        if (!userId) throw invalid(M.personRequired, { userId: M.personRequired });
        if (!(await repos.projects.findPerson(userId))) {
          throw invalid(M.personNotFound, { userId: M.personNotFound });
        }
        const hoursHundredths =
          input.hours === undefined ? current.hoursHundredths : hundredthsOf(input.hours);
        if (hoursHundredths === null) throw invalid(M.hoursRequired, { hours: M.hoursRequired });
        const samePricing =
          current.category === 'labour' && userId === current.person?.id && date === current.date;
        const priced = await this.price(repos, project.currency, {
          userId,
          date,
          hoursHundredths,
          rateMinor: samePricing ? current.rateMinor : null,
        });
        next = {
          date,
          category,
          description: input.description ?? current.description,
          ...priced,
          userId,
          hoursHundredths,
        };
      } else {
        if (current.category === 'labour' && !input.amount) {
          throw invalid(M.amountRequired, { amount: M.amountRequired });
        }
        next = {
          date,
          category,
          description: input.description ?? current.description,
          amountMinor: input.amount?.amount ?? current.amountMinor,
          userId: null,
          hoursHundredths: null,
          rateMinor: null,
        };
      }
      const at = this.now();
      await repos.costs.update(current.id, next, at);
      await addToProjectActual(
        repos,
        project.id,
        { amountMinor: next.amountMinor - current.amountMinor, count: 0 },
        at,
      );
      await repos.audit.record({
        action: 'cost.updated',
        actorId,
        targetId: current.id,
        origin,
        details: { projectId: project.id, before: costFacts(current), after: costFacts(next) },
      });
    });
    return toCostEntry(await this.findRow(found.id), project.currency);
  }

  async delete(actorId: string, id: string, origin: RequestOrigin): Promise<void> {
    const found = await this.findRow(id);
    await this.deps.unitOfWork.run(async ({ repos }) => {
      const current = await lockedCost(repos, found.id);
      await assertMonthsOpen(repos, [current.date]);
      await repos.costs.delete(current.id);
      const at = this.now();
      await addToProjectActual(
        repos,
        current.projectId,
        { amountMinor: -current.amountMinor, count: -1 },
        at,
      );
      await repos.audit.record({
        action: 'cost.deleted',
        actorId,
        targetId: current.id,
        origin,
        details: { projectId: current.projectId, before: costFacts(current) },
      });
    });
  }
}

function costFacts(cost: Omit<CostChanges, 'userId'> & { userId?: string | null }) {
  return {
    date: cost.date,
    category: cost.category,
    description: cost.description,
    amountMinor: cost.amountMinor,
    hoursHundredths: cost.hoursHundredths,
    rateMinor: cost.rateMinor,
  };
}
