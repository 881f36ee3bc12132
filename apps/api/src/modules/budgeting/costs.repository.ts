import type { CostCategory, CostSortColumn, ListCostsQuery, PersonRef } from '@staff-admin/shared';
import { sql, type Expression, type InferResult, type Kysely, type SqlBool } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { pageOffset } from '../../lib/pagination.js';
import { personColumns, personOrNull } from '../../db/person-ref.js';

export interface CostRow {
  id: string;
  projectId: string;
  date: string;
  category: CostCategory;
  description: string;
  amountMinor: number;
  person: PersonRef | null;
  hoursHundredths: number | null;
  rateMinor: number | null;
  importBatchId: string | null;
  createdBy: PersonRef | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewCost {
  id: string;
  projectId: string;
  date: string;
  category: CostCategory;
  description: string;
  amountMinor: number;
  userId: string | null;
  hoursHundredths: number | null;
  rateMinor: number | null;
  importBatchId: string | null;
  createdBy: string;
  at: string;
}

export type CostChanges = Pick<
  NewCost,
  'date' | 'category' | 'description' | 'amountMinor' | 'userId' | 'hoursHundredths' | 'rateMinor'
>;

export interface RateRow {
  id: string;
  person: PersonRef;
  currency: string;
  amountMinor: number;
  validFrom: string;
  createdAt: string;
  createdBy: PersonRef | null;
}

const SORT_COLUMNS: Record<CostSortColumn, Expression<unknown>> = {
  date: sql`cost_entries.entry_date`,
  amount: sql`cost_entries.amount_minor`,
  category: sql`cost_entries.category`,
  createdAt: sql`cost_entries.created_at`,
};

/** Many rows per statement, few enough that SQLite's 32,766 bound parameters are never passed. */
const INSERT_CHUNK = 1000;

/** Cost entries with their person and author (the ones repeated below). */
const costsQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('cost_entries')
    .leftJoin('users as person', 'person.id', 'cost_entries.user_id')
    .leftJoin('users as author', 'author.id', 'cost_entries.created_by')
    .select([
      'cost_entries.id',
      'cost_entries.project_id',
      'cost_entries.entry_date',
      'cost_entries.category',
      'cost_entries.description',
      'cost_entries.amount_minor',
      'cost_entries.hours_hundredths',
      'cost_entries.rate_minor',
      'cost_entries.import_batch_id',
      'cost_entries.created_at',
      'cost_entries.updated_at',
      ...personColumns('person'),
      ...personColumns('author'),
    ]);

type CostSelection = InferResult<ReturnType<typeof costsQuery>>[number];

/** Budgeting: cost entries and cost rates (closed months: closed-months.repository.ts). */
export class CostsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
  ) {}

  private selectCosts() {
    return costsQuery(this.db);
  }

  private static toRow(row: CostSelection): CostRow {
    return {
      id: row.id,
      projectId: row.project_id,
      date: row.entry_date,
      category: row.category,
      description: row.description,
      amountMinor: Number(row.amount_minor),
      person: personOrNull(row.person_id, row.person_full_name, row.person_email),
      hoursHundredths: row.hours_hundredths === null ? null : Number(row.hours_hundredths),
      rateMinor: row.rate_minor === null ? null : Number(row.rate_minor),
      importBatchId: row.import_batch_id,
      createdBy: personOrNull(row.author_id, row.author_full_name, row.author_email),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private static filter(projectId: string, query: Omit<ListCostsQuery, 'page' | 'limitPerPage'>) {
    return (eb: {
      and: (conditions: Expression<SqlBool>[]) => Expression<SqlBool>;
    }): Expression<SqlBool> =>
      eb.and([
        sql<SqlBool>`cost_entries.project_id = ${projectId}`,
        ...(query.from ? [sql<SqlBool>`cost_entries.entry_date >= ${query.from}`] : []),
        ...(query.to ? [sql<SqlBool>`cost_entries.entry_date <= ${query.to}`] : []),
        ...(query.category ? [sql<SqlBool>`cost_entries.category = ${query.category}`] : []),
        ...(query.userId ? [sql<SqlBool>`cost_entries.user_id = ${query.userId}`] : []),
        ...(query.importBatchId
          ? [sql<SqlBool>`cost_entries.import_batch_id = ${query.importBatchId}`]
          : []),
      ]);
  }

  /** A page of a project's costs (or every one, for the CSV export), and how many match. */
  async findPage(
    projectId: string,
    query: ListCostsQuery,
    { paged }: { paged: boolean } = { paged: true },
  ): Promise<{ costs: CostRow[]; total: number }> {
    const where = CostsRepository.filter(projectId, query);
    const direction = query.sortDirection === 'ASC' ? sql`asc` : sql`desc`;
    let select = this.selectCosts()
      .where(where)
      .orderBy(sql`${SORT_COLUMNS[query.sortBy]} ${direction}`)
      .orderBy('cost_entries.id', query.sortDirection === 'ASC' ? 'asc' : 'desc');
    if (paged) {
      select = select.limit(query.limitPerPage).offset(pageOffset(query.page, query.limitPerPage));
    }
    const [rows, count] = await Promise.all([
      select.execute(),
      this.db
        .selectFrom('cost_entries')
        .where(where)
        .select(sql<number>`count(*)`.as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { costs: rows.map(CostsRepository.toRow), total: Number(count.count) };
  }

  async findById(id: string): Promise<CostRow | undefined> {
    const row = await this.selectCosts().where('cost_entries.id', '=', id).executeTakeFirst();
    return row && CostsRepository.toRow(row);
  }

  /** The entry as it is now, locked until the transaction ends (PostgreSQL; SQLite writes one at a time). */
  async findByIdForUpdate(id: string): Promise<CostRow | undefined> {
    let query = this.selectCosts().where('cost_entries.id', '=', id);
    if (this.engine === 'postgres') query = query.forUpdate('cost_entries');
    const row = await query.executeTakeFirst();
    return row && CostsRepository.toRow(row);
  }

  async insertMany(costs: NewCost[]): Promise<void> {
    for (let start = 0; start < costs.length; start += INSERT_CHUNK) {
      await this.db
        .insertInto('cost_entries')
        .values(
          costs.slice(start, start + INSERT_CHUNK).map((cost) => ({
            id: cost.id,
            project_id: cost.projectId,
            entry_date: cost.date,
            category: cost.category,
            description: cost.description,
            amount_minor: cost.amountMinor,
            user_id: cost.userId,
            hours_hundredths: cost.hoursHundredths,
            rate_minor: cost.rateMinor,
            import_batch_id: cost.importBatchId,
            created_by: cost.createdBy,
            created_at: cost.at,
            updated_at: cost.at,
          })),
        )
        .execute();
    }
  }

  async update(id: string, changes: CostChanges, at: string): Promise<void> {
    await this.db
      .updateTable('cost_entries')
      .set({
        entry_date: changes.date,
        category: changes.category,
        description: changes.description,
        amount_minor: changes.amountMinor,
        user_id: changes.userId,
        hours_hundredths: changes.hoursHundredths,
        rate_minor: changes.rateMinor,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('cost_entries').where('id', '=', id).execute();
  }

  // ---- Cost rates ------------------------------------------------------------------------

  /** The person's hourly rate in the currency on the day: the latest that starts on or before it. */
  async rateOn(userId: string, currency: string, date: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('cost_rates')
      .select('amount_minor')
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .where('valid_from', '<=', date)
      .orderBy('valid_from', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && Number(row.amount_minor);
  }

  /** Every rate of the people and currency asked for, to price many rows without a query each. */
  async ratesOf(
    userIds: string[],
    currency: string,
  ): Promise<{ userId: string; validFrom: string; amountMinor: number }[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('cost_rates')
      .select(['user_id', 'valid_from', 'amount_minor'])
      .where('user_id', 'in', userIds)
      .where('currency', '=', currency)
      .orderBy('valid_from', 'desc')
      .execute();
    return rows.map((row) => ({
      userId: row.user_id,
      validFrom: row.valid_from,
      amountMinor: Number(row.amount_minor),
    }));
  }

  async findRates(filter: { userId?: string; currency?: string }): Promise<RateRow[]> {
    let query = this.db
      .selectFrom('cost_rates')
      .innerJoin('users as person', 'person.id', 'cost_rates.user_id')
      .leftJoin('users as author', 'author.id', 'cost_rates.created_by')
      .select([
        'cost_rates.id',
        'cost_rates.currency',
        'cost_rates.amount_minor',
        'cost_rates.valid_from',
        'cost_rates.created_at',
        ...personColumns('person'),
        ...personColumns('author'),
      ]);
    if (filter.userId) query = query.where('cost_rates.user_id', '=', filter.userId);
    if (filter.currency) query = query.where('cost_rates.currency', '=', filter.currency);
    const rows = await query
      .orderBy('person.full_name_lower')
      .orderBy('person.email')
      .orderBy('cost_rates.currency')
      .orderBy('cost_rates.valid_from', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      person: { id: row.person_id, fullName: row.person_full_name, email: row.person_email },
      currency: row.currency,
      amountMinor: Number(row.amount_minor),
      validFrom: row.valid_from,
      createdAt: row.created_at,
      createdBy: personOrNull(row.author_id, row.author_full_name, row.author_email),
    }));
  }

  async insertRate(rate: {
    id: string;
    userId: string;
    currency: string;
    amountMinor: number;
    validFrom: string;
    createdBy: string;
    at: string;
  }): Promise<void> {
    await this.db
      .insertInto('cost_rates')
      .values({
        id: rate.id,
        user_id: rate.userId,
        currency: rate.currency,
        amount_minor: rate.amountMinor,
        valid_from: rate.validFrom,
        created_by: rate.createdBy,
        created_at: rate.at,
      })
      .execute();
  }
}
