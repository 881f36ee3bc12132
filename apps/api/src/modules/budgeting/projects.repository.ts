import type {
  ListProjectsQuery,
  PersonRef,
  ProjectSortColumn,
  ProjectStatus,
} from '@staff-admin/shared';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import { pageOffset } from '../../lib/pagination.js';
import { escapeLike } from '../../db/like.js';
import { personColumns, personOrNull } from '../../db/person-ref.js';

/** What a project is given when made, and may change later (its id aside). */
interface ProjectFields {
  id: string;
  code: string;
  name: string;
  client: string;
  currency: string;
  startDate: string;
  endDate: string | null;
}

/** A project row with its owner, as the service turns it into the API's Project. */
export interface ProjectRow extends ProjectFields {
  status: ProjectStatus;
  owner: PersonRef | null;
  budgetMinor: number;
  actualMinor: number;
  costCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface NewProject extends ProjectFields {
  ownerId: string;
  budgetMinor: number;
  at: string;
}

export type ProjectChanges = Partial<
  Omit<ProjectFields, 'id'> & { status: ProjectStatus; ownerId: string }
>;

export interface RevisionRow {
  id: string;
  amountMinor: number;
  reason: string;
  createdAt: string;
  createdBy: PersonRef | null;
}

/** Sums per currency of the projects a filter matches (the list's totals). */
export interface CurrencyTotals {
  currency: string;
  count: number;
  budgetMinor: number;
  actualMinor: number;
}

const searchText = (code: string, name: string, client: string) =>
  `${code}\n${name}\n${client}`.toLowerCase();

/**
 * Percent used × 10, as an integer both engines sort alike (an actual below 2^53 times 1,000 stays
 * inside a 64-bit integer). No budget with costs counts as the most used of all: the largest
 * 64-bit integer.
 */
const PERCENT_USED = sql<number>`case when projects.budget_minor > 0 then projects.actual_minor * 1000 / projects.budget_minor when projects.actual_minor > 0 then 9223372036854775807 else 0 end`;

const SORT_EXPRESSIONS: Record<ProjectSortColumn, Expression<unknown>> = {
  code: sql`projects.code`,
  name: sql`lower(projects.name)`,
  client: sql`lower(projects.client)`,
  budget: sql`projects.budget_minor`,
  actual: sql`projects.actual_minor`,
  remaining: sql`projects.budget_minor - projects.actual_minor`,
  percentUsed: PERCENT_USED,
  // Projects without an end date come after every dated one, whichever the direction.
  endDate: sql`coalesce(projects.end_date, '9999-12-31')`,
  createdAt: sql`projects.created_at`,
};

/** Budgeting: projects, their budget revisions, and the staff a finance user may pick. */
export class ProjectsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private selectProjects() {
    return this.db
      .selectFrom('projects')
      .leftJoin('users as owner', 'owner.id', 'projects.owner_id')
      .select([
        'projects.id',
        'projects.code',
        'projects.name',
        'projects.client',
        'projects.currency',
        'projects.start_date',
        'projects.end_date',
        'projects.status',
        'projects.budget_minor',
        'projects.actual_minor',
        'projects.cost_count',
        'projects.created_at',
        'projects.updated_at',
        ...personColumns('owner'),
      ]);
  }

  private static toRow(row: {
    id: string;
    code: string;
    name: string;
    client: string;
    currency: string;
    start_date: string;
    end_date: string | null;
    status: ProjectStatus;
    budget_minor: number;
    actual_minor: number;
    cost_count: number;
    created_at: string;
    updated_at: string;
    owner_id: string | null;
    owner_full_name: string | null;
    owner_email: string | null;
  }): ProjectRow {
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      client: row.client,
      currency: row.currency,
      startDate: row.start_date,
      endDate: row.end_date,
      status: row.status,
      owner: personOrNull(row.owner_id, row.owner_full_name, row.owner_email),
      budgetMinor: Number(row.budget_minor),
      actualMinor: Number(row.actual_minor),
      costCount: Number(row.cost_count),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private filtered(query: Pick<ListProjectsQuery, 'search' | 'status' | 'currency'>) {
    const term = query.search?.toLowerCase();
    return (eb: {
      and: (conditions: Expression<SqlBool>[]) => Expression<SqlBool>;
    }): Expression<SqlBool> =>
      eb.and([
        ...(term
          ? [sql<SqlBool>`projects.search_text like ${`%${escapeLike(term)}%`} escape '\\'`]
          : []),
        ...(query.status ? [sql<SqlBool>`projects.status = ${query.status}`] : []),
        ...(query.currency ? [sql<SqlBool>`projects.currency = ${query.currency}`] : []),
      ]);
  }

  /** One page of the list in the query's order (ties by id), or every match without a page. */
  async findMany(
    query: ListProjectsQuery,
    { paged }: { paged: boolean } = { paged: true },
  ): Promise<ProjectRow[]> {
    const direction = query.sortDirection === 'ASC' ? sql`asc` : sql`desc`;
    let select = this.selectProjects()
      .where(this.filtered(query))
      .orderBy(sql`${SORT_EXPRESSIONS[query.sortBy]} ${direction}`)
      .orderBy('projects.id');
    if (paged) {
      select = select.limit(query.limitPerPage).offset(pageOffset(query.page, query.limitPerPage));
    }
    return (await select.execute()).map(ProjectsRepository.toRow);
  }

  /** Count, budget and cost of the matching projects per currency. */
  async totalsByCurrency(
    query: Pick<ListProjectsQuery, 'search' | 'status' | 'currency'>,
  ): Promise<CurrencyTotals[]> {
    const rows = await this.db
      .selectFrom('projects')
      .where(this.filtered(query))
      .select([
        'currency',
        sql<number>`count(*)`.as('count'),
        // PostgreSQL's sum of bigints is numeric; back to bigint, which the driver reads as a number.
        sql<number>`cast(sum(budget_minor) as bigint)`.as('budget'),
        sql<number>`cast(sum(actual_minor) as bigint)`.as('actual'),
      ])
      .groupBy('currency')
      .orderBy('currency')
      .execute();
    return rows.map((row) => ({
      currency: row.currency,
      count: Number(row.count),
      budgetMinor: Number(row.budget),
      actualMinor: Number(row.actual),
    }));
  }

  async findById(id: string): Promise<ProjectRow | undefined> {
    const row = await this.selectProjects().where('projects.id', '=', id).executeTakeFirst();
    return row && ProjectsRepository.toRow(row);
  }

  async codeTaken(code: string, exceptId?: string): Promise<boolean> {
    let query = this.db.selectFrom('projects').select('id').where('code', '=', code);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(project: NewProject): Promise<void> {
    await this.db
      .insertInto('projects')
      .values({
        id: project.id,
        code: project.code,
        name: project.name,
        client: project.client,
        search_text: searchText(project.code, project.name, project.client),
        currency: project.currency,
        start_date: project.startDate,
        end_date: project.endDate,
        status: 'active',
        owner_id: project.ownerId,
        budget_minor: project.budgetMinor,
        created_at: project.at,
        updated_at: project.at,
      })
      .execute();
  }

  async update(current: ProjectRow, changes: ProjectChanges, at: string): Promise<void> {
    const code = changes.code ?? current.code;
    const name = changes.name ?? current.name;
    const client = changes.client ?? current.client;
    await this.db
      .updateTable('projects')
      .set({
        code,
        name,
        client,
        search_text: searchText(code, name, client),
        ...(changes.currency === undefined ? {} : { currency: changes.currency }),
        ...(changes.startDate === undefined ? {} : { start_date: changes.startDate }),
        ...(changes.endDate === undefined ? {} : { end_date: changes.endDate }),
        ...(changes.status === undefined ? {} : { status: changes.status }),
        ...(changes.ownerId === undefined ? {} : { owner_id: changes.ownerId }),
        updated_at: at,
      })
      .where('id', '=', current.id)
      .execute();
  }

  /**
   * Adds to a project's cost total and entry count (a write of entries, in its transaction).
   * Returns the new total, so the caller can refuse one that would be too large.
   */
  async addToActual(
    projectId: string,
    delta: { amountMinor: number; count: number },
    at: string,
  ): Promise<number> {
    await this.db
      .updateTable('projects')
      .set((eb) => ({
        actual_minor: eb('actual_minor', '+', delta.amountMinor),
        cost_count: eb('cost_count', '+', delta.count),
        updated_at: at,
      }))
      .where('id', '=', projectId)
      .execute();
    const row = await this.db
      .selectFrom('projects')
      .select('actual_minor')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.actual_minor);
  }

  async setBudget(projectId: string, budgetMinor: number, at: string): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ budget_minor: budgetMinor, updated_at: at })
      .where('id', '=', projectId)
      .execute();
  }

  async insertRevision(revision: {
    id: string;
    projectId: string;
    amountMinor: number;
    reason: string;
    createdBy: string;
    at: string;
  }): Promise<void> {
    await this.db
      .insertInto('budget_revisions')
      .values({
        id: revision.id,
        project_id: revision.projectId,
        amount_minor: revision.amountMinor,
        reason: revision.reason,
        created_by: revision.createdBy,
        created_at: revision.at,
      })
      .execute();
  }

  /** Newest first. */
  async findRevisions(projectId: string): Promise<RevisionRow[]> {
    const rows = await this.db
      .selectFrom('budget_revisions')
      .leftJoin('users as author', 'author.id', 'budget_revisions.created_by')
      .select([
        'budget_revisions.id',
        'budget_revisions.amount_minor',
        'budget_revisions.reason',
        'budget_revisions.created_at',
        ...personColumns('author'),
      ])
      .where('budget_revisions.project_id', '=', projectId)
      .orderBy('budget_revisions.created_at', 'desc')
      .orderBy('budget_revisions.id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      amountMinor: Number(row.amount_minor),
      reason: row.reason,
      createdAt: row.created_at,
      createdBy: personOrNull(row.author_id, row.author_full_name, row.author_email),
    }));
  }

  /** The project's cost per month (YYYY-MM), oldest first. */
  async monthlyCosts(projectId: string): Promise<{ month: string; amountMinor: number }[]> {
    const rows = await this.db
      .selectFrom('cost_entries')
      .select([
        sql<string>`substr(entry_date, 1, 7)`.as('month'),
        sql<number>`cast(sum(amount_minor) as bigint)`.as('amount'),
      ])
      .where('project_id', '=', projectId)
      .groupBy(sql`substr(entry_date, 1, 7)`)
      .orderBy(sql`substr(entry_date, 1, 7)`)
      .execute();
    return rows.map((row) => ({ month: row.month, amountMinor: Number(row.amount) }));
  }

  /** Active staff whose name or email contains the term, by name. */
  async findPeople(search: string | undefined, limit: number): Promise<PersonRef[]> {
    const term = search?.toLowerCase();
    let query = this.db
      .selectFrom('users')
      .select(['id', 'full_name', 'email'])
      .where('status', '=', 'active');
    if (term) {
      const pattern = `%${escapeLike(term)}%`;
      query = query.where((eb) =>
        eb.or([
          sql<SqlBool>`full_name_lower like ${pattern} escape '\\'`,
          sql<SqlBool>`email like ${pattern} escape '\\'`,
        ]),
      );
    }
    const rows = await query.orderBy('full_name_lower').orderBy('email').limit(limit).execute();
    return rows.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email }));
  }

  async findPerson(id: string): Promise<PersonRef | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'full_name', 'email'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, fullName: row.full_name, email: row.email };
  }
}
