import type {
  Position,
  SortDirection,
  Status,
  UserListFilter,
  UserSortColumn,
} from '@staff-admin/shared';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/** Which users the list, its export and a bulk action by filter mean (the shared filter, resolved). */
export interface UserFilter {
  /** Trimmed; empty or undefined means no search. */
  search?: string;
  includeInactive: boolean;
  position?: Position;
  status?: Status;
  neverSignedIn?: boolean;
  /**
   * ISO time: no sign-in since then (an account that never signed in counts from its creation).
   * Matches depend on the users table alone, so their count can be remembered.
   */
  dormantBefore?: string;
  /** ISO time: pending, and no invitation sent since then. */
  invitedBefore?: string;
}

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The shared filter as the repositories take it: "N days" becomes a time by the given clock,
 * counted back from the start of its minute. Within a minute the same filter is then the same
 * query, so its count can be remembered (remembered-matches.ts) while an admin pages through it.
 */
export function resolveUserFilter(filter: UserListFilter, now: Date): UserFilter {
  const { dormantDays, invitedDays, ...rest } = filter;
  const minute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const daysAgo = (days: number) => new Date(minute - days * DAY_MS).toISOString();
  return {
    ...rest,
    ...(dormantDays === undefined ? {} : { dormantBefore: daysAgo(dormantDays) }),
    ...(invitedDays === undefined ? {} : { invitedBefore: daysAgo(invitedDays) }),
  };
}

export interface UserListQuery extends UserFilter {
  sortBy: UserSortColumn;
  sortDirection: SortDirection;
  offset: number;
  /** Undefined: every match (`all=true`). */
  limit?: number;
}

/** The SQLite trigram index answers terms of at least this many characters. */
export const TRIGRAM_MIN_LENGTH = 3;

const SORT_COLUMNS = {
  fullName: 'users.full_name_lower',
  email: 'users.email',
  position: 'users.position',
  status: 'users.status',
  createdAt: 'users.created_at',
  lastSignInAt: 'users.last_login_at',
} as const satisfies Record<UserSortColumn, string>;

export const sortColumn = (sortBy: UserSortColumn) => SORT_COLUMNS[sortBy];

/** Whether the term can use the trigram indexes (PostgreSQL and SQLite alike need 3 characters). */
export const usesTrigramIndex = (term: string): boolean =>
  Array.from(term).length >= TRIGRAM_MIN_LENGTH;

/**
 * A search the trigram indexes serve collects its matches and sorts them when it matches at most
 * this many users; one matching more walks the sort index instead, where such dense matches turn
 * up at once (see UsersRepository.findPage). Measured with bench/search on 100,000 users.
 */
export const COLLECT_MATCHES_UP_TO = 20_000;

/**
 * A page filtered by role, status, never signed in or dormancy (no search) collects its matches
 * when at most this many match, and walks the sort index otherwise. Collecting and sorting costs
 * in proportion to the matches (2,000: a few ms on SQLite); a walk reads about (page end ×
 * users ÷ matches) entries, fast once matches are 1 in 50 users of 100,000 or denser. Measured
 * with 100,000 users (docs/user-management.md).
 */
export const COLLECT_FILTERED_UP_TO = 2_000;

/**
 * A search whose matches are dense enough that about this many rows of the sort index hold its
 * page (page end × users ÷ matches) first walks at most four times as many, checking the term on
 * each (UsersRepository.findPage). Matches that cluster elsewhere in the sort order (Thai names
 * sorted by name) leave such a walk short, and the page is then collected after all. Measured with
 * bench/search on 100,000 users (docs/performance.md "Dense searches").
 */
export const WALK_DENSE_MATCHES_UP_TO = 2_500;

/** The thresholds that choose a page's plan (UsersRepository.findPage); tests move them. */
export interface SearchPlans {
  collectMatchesUpTo: number;
  walkDenseMatchesUpTo: number;
}

export const SEARCH_PLANS: SearchPlans = {
  collectMatchesUpTo: COLLECT_MATCHES_UP_TO,
  walkDenseMatchesUpTo: WALK_DENSE_MATCHES_UP_TO,
};

/** An FTS5 phrase: the term in double quotes (doubled inside), matched as a literal substring. */
export const ftsPhrase = (term: string): string => `"${term.replaceAll('"', '""')}"`;

export interface SearchConditionOptions {
  /**
   * The page is found by walking the sort column's index (UsersRepository.findPage with many
   * matches): on SQLite, the filters' own indexes are kept out of the plan, since without
   * statistics SQLite would otherwise collect every match through them and sort. PostgreSQL's
   * planner has statistics and chooses itself.
   */
  walkSortIndex?: boolean;
  /**
   * SQLite checks the term on each row read (LIKE) instead of through the trigram index, which
   * gathers every match before the first row is read: for a walk over dense matches, where the
   * page is found after a few rows and gathering them all would cost more than the page.
   */
  matchTermByScan?: boolean;
}

/**
 * The WHERE of the user list: the search term anywhere in the email or the full name, letter case
 * ignored (both sides lower-cased the same way, see migration 0003), every character literal;
 * inactive users hidden unless asked for; and the filters of UserFilter. PostgreSQL: LIKE, served by the pg_trgm GIN indexes.
 * SQLite: the FTS5 trigram index for terms of 3+ characters (a phrase there is an exact substring
 * match), a scan with LIKE of the texts' narrow index for shorter ones; a walk, LIKE on each row it
 * reads. All give the same rows.
 */
export function searchCondition(
  engine: DbEngine,
  query: UserFilter,
  { walkSortIndex = false, matchTermByScan = false }: SearchConditionOptions = {},
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  // SQLite's unary + changes no value but hides a column from the planner's index choice.
  const unindexed = walkSortIndex && engine === 'sqlite' ? sql.raw('+') : sql.raw('');
  const term = query.search?.toLowerCase();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    if (engine === 'sqlite' && usesTrigramIndex(term) && !matchTermByScan) {
      conditions.push(sql<SqlBool>`users.rowid in (
        select rowid from users_search where users_search match ${ftsPhrase(term)})`);
    } else if (engine === 'sqlite' && !matchTermByScan && !walkSortIndex) {
      // All matches at once: scanned in the narrow index of the two texts (migration 0003), not
      // in the table's rows (a third of the time). A walk checks each row it reads instead.
      conditions.push(sql<SqlBool>`users.rowid in (
        select rowid from users as texts indexed by users_search_text_idx
        where texts.email like ${pattern} escape '\\'
          or texts.full_name_lower like ${pattern} escape '\\')`);
    } else {
      conditions.push(sql<SqlBool>`(users.email like ${pattern} escape '\\'
        or users.full_name_lower like ${pattern} escape '\\')`);
    }
  }
  if (!query.includeInactive) conditions.push(sql<SqlBool>`users.status <> 'inactive'`);
  if (query.position) {
    conditions.push(sql<SqlBool>`${unindexed}users.position = ${query.position}`);
  }
  if (query.status) conditions.push(sql<SqlBool>`${unindexed}users.status = ${query.status}`);
  if (query.neverSignedIn === true) {
    conditions.push(sql<SqlBool>`${unindexed}users.last_login_at is null`);
  }
  if (query.neverSignedIn === false) {
    conditions.push(sql<SqlBool>`${unindexed}users.last_login_at is not null`);
  }
  if (query.dormantBefore) {
    // PostgreSQL counts through its stored copy of the expression (migration 0012: an expression
    // index cannot be read alone); a walk computes it from the sort index's own columns.
    const lastActivity =
      engine === 'postgres' && !walkSortIndex
        ? sql`users.last_activity_at`
        : sql`coalesce(users.last_login_at, users.created_at)`;
    conditions.push(
      sql<SqlBool>`${unindexed}${lastActivity} < ${timeValue(engine, query.dormantBefore)}`,
    );
  }
  if (query.invitedBefore) {
    // Issuing an invitation deletes the user's earlier unused ones: at most one is left.
    conditions.push(sql<SqlBool>`${unindexed}users.status = 'pending' and not exists (
      select 1 from one_time_tokens as invitation
      where invitation.user_id = users.id and invitation.type = 'confirmation_token'
        and invitation.used_at is null
        and invitation.created_at >= ${timeValue(engine, query.invitedBefore)})`);
  }
  if (conditions.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** A time parameter compared with a time column: PostgreSQL's timestamptz, SQLite's ISO text. */
const timeValue = (engine: DbEngine, iso: string) =>
  engine === 'postgres' ? sql`${iso}::timestamptz` : sql`${iso}`;
