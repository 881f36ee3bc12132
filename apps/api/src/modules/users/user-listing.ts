import type { SortDirection, User, UserSortColumn } from '@staff-admin/shared';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import {
  NOTHING_REMEMBERED,
  ORDERS_UP_TO,
  type MatchesSnapshot,
  type RememberedMatches,
} from './remembered-matches.js';
import {
  COLLECT_FILTERED_UP_TO,
  SEARCH_PLANS,
  searchCondition,
  sortColumn,
  usesTrigramIndex,
  type SearchPlans,
  type UserFilter,
  type UserListQuery,
} from './user-search.js';
import { selectUsers, type UserSelection } from './user-selection.js';

interface PageWindow {
  limit: number;
  offset: number;
}

type Direction = 'asc' | 'desc';

const sortDirection = (query: { sortDirection: SortDirection }): Direction =>
  query.sortDirection === 'ASC' ? 'asc' : 'desc';

/** Sort columns that may be null: the last sign-in (never signed in). */
const NULLABLE_SORT_COLUMNS: ReadonlySet<UserSortColumn> = new Set(['lastSignInAt']);
/** Sort columns holding times (timestamptz on PostgreSQL, ISO text on SQLite). */
const TIME_SORT_COLUMNS: ReadonlySet<UserSortColumn> = new Set(['createdAt', 'lastSignInAt']);

/**
 * One ORDER BY term of the list. A null (never signed in) sorts first ascending and last
 * descending on both engines: SQLite's default, spelled out for PostgreSQL (whose default is the
 * other way round). The migration 0012 index has the same order, so a walk still reads it.
 */
function orderKey(
  reference: string,
  sortBy: UserSortColumn,
  direction: Direction,
): RawBuilder<unknown> {
  const nulls = NULLABLE_SORT_COLUMNS.has(sortBy)
    ? sql.raw(direction === 'asc' ? ' nulls first' : ' nulls last')
    : sql.raw('');
  return sql`${sql.ref(reference)} ${sql.raw(direction)}${nulls}`;
}

/** Where the last batch of an export ended: its last user's sort key (as the database gave it) and id. */
export interface UserCursor {
  key: string | null;
  id: string;
}

/** The filter and order of an export, read a batch at a time. */
export interface UserBatchQuery extends UserFilter {
  sortBy: UserSortColumn;
  sortDirection: SortDirection;
}

/** What the list engine reads users through: the rows' own mapping and loading. */
export interface UserRowSource {
  toUser: (row: UserSelection) => User;
  findByIds: (ids: string[]) => Promise<User[]>;
}

/**
 * The users list's search and paging engine: a page of a search and filters in a stable order
 * by the cheapest plan, the number of matches, and the export's keyset batches. The users
 * repository answers through it (UsersRepository.findPage, countMatches, findBatch).
 */
export class UserListing {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
    private readonly rows: UserRowSource,
    /** Tests move them to check that every plan of `findPage` gives the same pages. */
    private readonly plans: SearchPlans = SEARCH_PLANS,
    /** Remembered counts and orders; none in a transaction, whose writes others do not see yet. */
    private readonly remembered?: RememberedMatches,
  ) {}

  /**
   * One page of the list (CONTRACT §4 "List query"): search in email and full name, a stable
   * order (the id breaks ties), and the number of all matches. `limit` undefined means every match.
   *
   * A page is found as ids, then loaded, by one of two plans:
   * - walk: the sort column's index in order, skipping non-matches, until the page is filled.
   *   Best without a search (a deep page reads only the index) and for dense matches.
   * - collect: gather all matches, then sort them (a materialized CTE). Best when matches are
   *   rare, or cluster in sort order (a Thai term sorted by name): a walk could read the whole
   *   index for them.
   * The number of matches is remembered until the users change (RememberedMatches), and picks
   * the plan. A search matching densely enough walks first, at most a few times the rows its page
   * should need (WALK_DENSE_MATCHES_UP_TO); a walk left short, or a rarer term, collects. A
   * collected search of at most ORDERS_UP_TO matches is collected whole once, and its order
   * remembered, so that its other pages and the same search again are slices of it. A term of
   * 1-2 characters not yet counted needs a scan whatever the plan, so it collects and counts in
   * that one scan. Other terms are counted first (cheap through the trigram indexes); one matching
   * more than COLLECT_MATCHES_UP_TO walks the whole way. The filters (role, status, never signed
   * in, dormant) are counted through their indexes too; without a search, their matches are
   * collected when at most COLLECT_FILTERED_UP_TO, and otherwise the sort index is walked (they
   * are then dense enough to fill a page at once).
   */
  async findPage(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const filter = searchCondition(this.engine, query);
    if (query.limit === undefined) {
      const rows = await this.orderedUsers(query).where(filter).execute();
      return { users: rows.map(this.rows.toUser), total: rows.length };
    }
    const page = { limit: query.limit, offset: query.offset };
    const remembered = await this.snapshot();
    const order = remembered.order(query);
    if (order) return { users: await this.loadInOrder(pageOf(order, page)), total: order.length };

    let total = remembered.total(query);
    if (total === undefined && query.search && !usesTrigramIndex(query.search)) {
      const rows = await this.collectPage(query, filter, page);
      total = Number(rows[0]?.total ?? (await this.count(filter)));
      remembered.saveTotal(query, total);
      return { users: await this.loadInOrder(rows), total };
    }

    if (total === undefined) {
      total = await this.count(filter);
      remembered.saveTotal(query, total);
    }
    if (total === 0) return { users: [], total };
    const walked = query.search
      ? await this.walkDenseMatches(query, page, total, remembered)
      : undefined;
    if (walked) return { users: await this.loadInOrder(walked), total };
    if (!this.collects(query, total)) {
      const walk = searchCondition(this.engine, query, { walkSortIndex: true });
      return {
        users: await this.loadInOrder(await this.walkPage(query, walk, page, total)),
        total,
      };
    }
    if (query.search && this.remembered && total <= ORDERS_UP_TO) {
      const ids = (await this.collectPage(query, filter)).map((row) => row.id);
      remembered.saveOrder(query, ids);
      return { users: await this.loadInOrder(pageOf(ids, page)), total };
    }
    return { users: await this.loadInOrder(await this.collectPage(query, filter, page)), total };
  }

  /** Whether the page is found by collecting every match rather than walking the sort index. */
  private collects(query: UserFilter, total: number): boolean {
    if (query.search)
      return total <= this.plans.collectMatchesUpTo || !usesTrigramIndex(query.search);
    return (
      isFiltered(query) && total <= Math.min(this.plans.collectMatchesUpTo, COLLECT_FILTERED_UP_TO)
    );
  }

  private snapshot(): Promise<MatchesSnapshot> {
    return this.remembered?.snapshot() ?? Promise.resolve(NOTHING_REMEMBERED);
  }

  /**
   * The page by a bounded walk, when the matches are dense enough for one: the first rows of the
   * sort index, at most four times as many as should hold the page, each checked against the
   * filter. Undefined when the matches are too sparse, or the walk came back short of a page it
   * should have filled (matches clustered further on in the sort order).
   */
  private async walkDenseMatches(
    query: UserListQuery,
    page: PageWindow,
    total: number,
    remembered: MatchesSnapshot,
  ): Promise<{ id: string }[] | undefined> {
    const everyone = { includeInactive: true };
    let users = remembered.total(everyone);
    if (users === undefined) {
      users = await this.count(sql<SqlBool>`1 = 1`);
      remembered.saveTotal(everyone, users);
    }
    const rowsNeeded = Math.ceil(((page.offset + page.limit) * users) / total);
    if (rowsNeeded > this.plans.walkDenseMatchesUpTo) return undefined;
    const bound = 4 * rowsNeeded;
    const direction = sortDirection(query);
    const walked = this.db
      .selectFrom('users')
      .selectAll()
      .orderBy(orderKey(sortColumn(query.sortBy), query.sortBy, direction))
      .orderBy('users.id', direction)
      .limit(bound)
      .as('users');
    const rows = await this.db
      .selectFrom(walked)
      .select('users.id as id')
      .where(searchCondition(this.engine, query, { walkSortIndex: true, matchTermByScan: true }))
      .orderBy(orderKey(sortColumn(query.sortBy), query.sortBy, direction))
      .orderBy('users.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const pageSize = Math.min(page.limit, Math.max(0, total - page.offset));
    return rows.length === pageSize || bound >= users ? rows : undefined;
  }

  /** How many users match the filter (what the list counts). */
  countMatches(filter: UserFilter): Promise<number> {
    return this.count(searchCondition(this.engine, filter));
  }

  private async count(filter: Expression<SqlBool>): Promise<number> {
    const { total } = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(filter)
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  /** The id tie-break makes the order stable, so pages never overlap. */
  private orderedUsers(query: UserListQuery) {
    const direction = sortDirection(query);
    return selectUsers(this.db)
      .orderBy(orderKey(sortColumn(query.sortBy), query.sortBy, direction))
      .orderBy('users.id', direction);
  }

  /**
   * The page by walking the sort index from the nearer end: a page past the middle of the `total`
   * matches is read backwards from the last one, so that page 9,000 of 10,000 reads the index
   * only as far as from its end. The orders are exact mirrors (the id breaks ties, and a null
   * sorts first one way and last the other), so both ways give the same page.
   */
  private async walkPage(
    query: UserListQuery,
    filter: Expression<SqlBool>,
    page: PageWindow,
    total: number,
  ): Promise<{ id: string }[]> {
    if (page.offset >= total) return [];
    const fromEnd = page.offset + page.limit / 2 > total / 2;
    const forward = sortDirection(query);
    const direction = fromEnd ? (forward === 'asc' ? 'desc' : 'asc') : forward;
    const window = fromEnd
      ? {
          offset: Math.max(0, total - page.offset - page.limit),
          limit: Math.min(page.limit, total - page.offset),
        }
      : page;
    const rows = await this.db
      .selectFrom('users')
      .select('users.id as id')
      .where(filter)
      .orderBy(orderKey(sortColumn(query.sortBy), query.sortBy, direction))
      .orderBy('users.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return fromEnd ? rows.reverse() : rows;
  }

  /** The page's ids (all matches' without a page), each row with the number of all matches. */
  private collectPage(query: UserListQuery, filter: Expression<SqlBool>, page?: PageWindow) {
    const direction = sortDirection(query);
    const ordered = this.db
      .with(
        (cte) => cte('matches').materialized(),
        (db) =>
          db
            .selectFrom('users')
            .select(['users.id as id', sql.ref<string>(sortColumn(query.sortBy)).as('sort_key')])
            .where(filter),
      )
      .selectFrom('matches')
      .select(['id', sql<number>`(select count(*) from matches)`.as('total')])
      .orderBy(orderKey('sort_key', query.sortBy, direction))
      .orderBy('id', direction);
    return (page ? ordered.limit(page.limit).offset(page.offset) : ordered).execute();
  }

  /** The users with these ids, in the order of the ids. */
  private async loadInOrder(rows: { id: string }[]): Promise<User[]> {
    const users = await this.rows.findByIds(rows.map((row) => row.id));
    const byId = new Map(users.map((user) => [user.id, user]));
    return rows.flatMap((row) => byId.get(row.id) ?? []);
  }

  /**
   * The next `limit` matches in the list's order after `after` (the start when null): keyset
   * paging, so each batch reads from where the last ended however deep the export is, and a user
   * who leaves or joins the filter meanwhile shifts nothing. `next` is where the following batch
   * starts; null once a batch comes back short (no match is left). One query per batch, or two
   * where the batch runs from the dated last sign-ins into the never-signed-in ones (or back):
   * each part is a plain range of the sort index.
   */
  async findBatch(
    query: UserBatchQuery,
    after: UserCursor | null,
    limit: number,
  ): Promise<{ users: User[]; next: UserCursor | null }> {
    const direction = sortDirection(query);
    const column = sortColumn(query.sortBy);
    // PostgreSQL's times as text keep every digit (the driver's ISO string stops at milliseconds).
    const key =
      this.engine === 'postgres' && TIME_SORT_COLUMNS.has(query.sortBy)
        ? sql<string | null>`${sql.ref(column)}::text`
        : sql<string | null>`${sql.ref(column)}`;
    const filter = searchCondition(this.engine, query, { walkSortIndex: true });
    const rows: (UserSelection & { sort_key: string | null })[] = [];
    for (const range of after ? this.rangesAfter(query, after) : [undefined]) {
      let part = selectUsers(this.db)
        .select(key.as('sort_key'))
        .where(filter)
        .orderBy(orderKey(column, query.sortBy, direction))
        .orderBy('users.id', direction)
        .limit(limit - rows.length);
      if (range) part = part.where(range);
      rows.push(...(await part.execute()));
      if (rows.length === limit) break;
    }
    const last = rows.at(-1);
    return {
      users: rows.map(this.rows.toUser),
      next: rows.length === limit && last ? { key: last.sort_key, id: last.id } : null,
    };
  }

  /**
   * The rows after the cursor in the order of `orderKey` (nulls first ascending, last
   * descending), as ranges read one after the other: an OR of both would make the databases
   * filter the index from its start instead of seeking into it.
   */
  private rangesAfter(query: UserBatchQuery, after: UserCursor): Expression<SqlBool>[] {
    const column = sql.ref(sortColumn(query.sortBy));
    const postgres = this.engine === 'postgres';
    const id = postgres ? sql`${after.id}::uuid` : sql`${after.id}`;
    const ascending = query.sortDirection === 'ASC';
    if (after.key === null) {
      // Only the nullable last sign-in has null keys: first when ascending, last when descending.
      return ascending
        ? [
            sql<SqlBool>`(${column} is null and users.id > ${id})`,
            sql<SqlBool>`${column} is not null`,
          ]
        : [sql<SqlBool>`(${column} is null and users.id < ${id})`];
    }
    const key =
      postgres && TIME_SORT_COLUMNS.has(query.sortBy)
        ? sql`${after.key}::timestamptz`
        : sql`${after.key}`;
    if (ascending) return [sql<SqlBool>`(${column}, users.id) > (${key}, ${id})`];
    const before = sql<SqlBool>`(${column}, users.id) < (${key}, ${id})`;
    return NULLABLE_SORT_COLUMNS.has(query.sortBy)
      ? [before, sql<SqlBool>`${column} is null`]
      : [before];
  }
}

/** The ids of one page of an order. */
const pageOf = (ids: string[], { offset, limit }: PageWindow) =>
  ids.slice(offset, offset + limit).map((id) => ({ id }));

/** One of the filters of issue 16 narrows the users (beyond hiding inactive ones). */
const isFiltered = (query: UserFilter): boolean =>
  query.position !== undefined ||
  query.status !== undefined ||
  query.neverSignedIn !== undefined ||
  query.dormantBefore !== undefined ||
  query.invitedBefore !== undefined;
