import {
  BUDGETING_MESSAGES as M,
  BUDGETING_PEOPLE_LIMIT,
  type BudgetRevision,
  type CreateBudgetRevisionInput,
  type CreateProjectInput,
  type ListProjectsQuery,
  type PersonRef,
  type Project,
  type ProjectDetail,
  type ProjectList,
  type UpdateProjectInput,
} from '@staff-admin/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { conflict, DomainError, invalid } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { paginationMeta } from '../../lib/pagination.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepository } from '../audit/index.js';
import { toProject } from './project-figures.js';
import type { ProjectRow, ProjectsRepository } from './projects.repository.js';

export class ProjectNotFound extends DomainError {
  constructor() {
    super('not_found', M.projectNotFound);
  }
}

export class ProjectCodeTaken extends DomainError {
  constructor() {
    super('conflict', M.codeTaken, { errors: { code: M.codeTaken } });
  }
}

/** Runs a write, answering a code another write took at the same moment as ProjectCodeTaken. */
async function codeUnique(write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProjectCodeTaken();
    throw error;
  }
}

interface ProjectsDeps {
  repository: ProjectsRepository;
  unitOfWork: UnitOfWork<{ projects: ProjectsRepository; audit: AuditRepository }>;
  clock: Clock;
}

const INITIAL_BUDGET_REASON = 'Initial budget';

/** Budgeting › Projects: the list with its figures, a project, its budget history, the people. */
export class ProjectsService {
  constructor(private readonly deps: ProjectsDeps) {}

  private today(): string {
    return toIso(this.deps.clock.now()).slice(0, 10);
  }

  async list(query: ListProjectsQuery): Promise<ProjectList> {
    const [rows, totals] = await Promise.all([
      this.deps.repository.findMany(query),
      this.deps.repository.totalsByCurrency(query),
    ]);
    const today = this.today();
    const count = totals.reduce((sum, row) => sum + row.count, 0);
    // One currency, and sums a JSON number holds exactly (a thousand projects near the largest
    // total could pass it): else no total row.
    const [first] = totals;
    const only =
      totals.length === 1 &&
      first &&
      [first.budgetMinor, first.actualMinor, first.budgetMinor - first.actualMinor].every(
        Number.isSafeInteger,
      )
        ? first
        : undefined;
    return {
      data: rows.map((row) => toProject(row, today)),
      meta: {
        ...paginationMeta(query.page, query.limitPerPage, count),
        totals: only
          ? {
              currency: only.currency,
              budget: { amount: only.budgetMinor, currency: only.currency },
              actual: { amount: only.actualMinor, currency: only.currency },
              remaining: { amount: only.budgetMinor - only.actualMinor, currency: only.currency },
            }
          : null,
        currencies: totals.map((row) => row.currency),
      },
    };
  }

  /** Every project the filter matches, in the list's order (the CSV export). */
  async listAll(query: ListProjectsQuery): Promise<Project[]> {
    const today = this.today();
    const rows = await this.deps.repository.findMany(query, { paged: false });
    return rows.map((row) => toProject(row, today));
  }

  async findRow(id: string): Promise<ProjectRow> {
    const row = isUuid(id) ? await this.deps.repository.findById(id.toLowerCase()) : undefined;
    if (!row) throw new ProjectNotFound();
    return row;
  }

  async get(id: string): Promise<ProjectDetail> {
    const row = await this.findRow(id);
    const monthly = await this.deps.repository.monthlyCosts(row.id);
    return {
      ...toProject(row, this.today()),
      monthlyCosts: monthly.map(({ month, amountMinor }) => ({
        month,
        amount: { amount: amountMinor, currency: row.currency },
      })),
    };
  }

  private async checkOwner(ownerId: string): Promise<void> {
    if (!(await this.deps.repository.findPerson(ownerId.toLowerCase()))) {
      throw invalid(M.ownerNotFound, { ownerId: M.ownerNotFound });
    }
  }

  /** A project and its first budget revision, in one transaction. */
  async create(
    actorId: string,
    input: CreateProjectInput,
    origin: RequestOrigin,
  ): Promise<Project> {
    await this.checkOwner(input.ownerId);
    const id = newId();
    const at = toIso(this.deps.clock.now());
    const write = this.deps.unitOfWork.run(async ({ repos }) => {
      if (await repos.projects.codeTaken(input.code)) throw new ProjectCodeTaken();
      await repos.projects.insert({
        id,
        code: input.code,
        name: input.name,
        client: input.client,
        currency: input.currency,
        startDate: input.startDate,
        endDate: input.endDate ?? null,
        ownerId: input.ownerId.toLowerCase(),
        budgetMinor: input.budget.amount,
        at,
      });
      await repos.projects.insertRevision({
        id: newId(),
        projectId: id,
        amountMinor: input.budget.amount,
        reason: input.reason ?? INITIAL_BUDGET_REASON,
        createdBy: actorId,
        at,
      });
      await repos.audit.record({
        action: 'project.created',
        actorId,
        targetId: id,
        origin,
        details: { after: { ...input, reason: input.reason ?? INITIAL_BUDGET_REASON } },
      });
    });
    await codeUnique(write);
    return toProject(await this.findRow(id), this.today());
  }

  async update(
    actorId: string,
    id: string,
    input: UpdateProjectInput,
    origin: RequestOrigin,
  ): Promise<Project> {
    const current = await this.findRow(id);
    if (input.ownerId) await this.checkOwner(input.ownerId);
    const startDate = input.startDate ?? current.startDate;
    const endDate = input.endDate === undefined ? current.endDate : input.endDate;
    if (endDate !== null && endDate < startDate) {
      throw invalid(M.endBeforeStart, { endDate: M.endBeforeStart });
    }
    const write = this.deps.unitOfWork.run(async ({ repos }) => {
      const fresh = await repos.projects.findById(current.id);
      if (!fresh) throw new ProjectNotFound();
      if (input.currency && input.currency !== fresh.currency && fresh.costCount > 0) {
        throw new DomainError('conflict', M.currencyFixed, {
          errors: { currency: M.currencyFixed },
        });
      }
      if (input.code && input.code !== fresh.code && (await repos.projects.codeTaken(input.code))) {
        throw new ProjectCodeTaken();
      }
      const changes = { ...input, ownerId: input.ownerId?.toLowerCase() };
      await repos.projects.update(fresh, changes, toIso(this.deps.clock.now()));
      const before = Object.fromEntries(
        Object.keys(input).map((key) => [key, projectField(fresh, key)]),
      );
      await repos.audit.record({
        action: 'project.updated',
        actorId,
        targetId: fresh.id,
        origin,
        details: { before, after: input },
      });
    });
    await codeUnique(write);
    return toProject(await this.findRow(current.id), this.today());
  }

  async revisions(projectId: string): Promise<BudgetRevision[]> {
    const project = await this.findRow(projectId);
    const rows = await this.deps.repository.findRevisions(project.id);
    return rows.map((row) => ({
      id: row.id,
      amount: { amount: row.amountMinor, currency: project.currency },
      reason: row.reason,
      createdAt: row.createdAt,
      createdBy: row.createdBy,
    }));
  }

  /** A new budget: a revision that is never edited or deleted, and the project's current budget. */
  async revise(
    actorId: string,
    projectId: string,
    input: CreateBudgetRevisionInput,
    origin: RequestOrigin,
  ): Promise<BudgetRevision> {
    const project = await this.findRow(projectId);
    if (input.amount.currency !== project.currency) {
      throw invalid(M.currencyMismatch, { amount: M.currencyMismatch });
    }
    const id = newId();
    const at = toIso(this.deps.clock.now());
    await this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.projects.insertRevision({
        id,
        projectId: project.id,
        amountMinor: input.amount.amount,
        reason: input.reason,
        createdBy: actorId,
        at,
      });
      await repos.projects.setBudget(project.id, input.amount.amount, at);
      await repos.audit.record({
        action: 'budget.revised',
        actorId,
        targetId: project.id,
        origin,
        details: {
          before: { amount: project.budgetMinor, currency: project.currency },
          after: input.amount,
          reason: input.reason,
        },
      });
    });
    const created = (await this.deps.repository.findRevisions(project.id)).find(
      (row) => row.id === id,
    );
    if (!created) throw conflict(M.projectNotFound);
    return {
      id,
      amount: input.amount,
      reason: created.reason,
      createdAt: created.createdAt,
      createdBy: created.createdBy,
    };
  }

  async people(search: string | undefined): Promise<PersonRef[]> {
    return this.deps.repository.findPeople(search, BUDGETING_PEOPLE_LIMIT);
  }
}

function projectField(row: ProjectRow, key: string): unknown {
  if (key === 'ownerId') return row.owner?.id ?? null;
  return (row as unknown as Record<string, unknown>)[key];
}
