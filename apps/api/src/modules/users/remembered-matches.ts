import type { SortDirection, UserSortColumn } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { UserFilter } from './user-search.js';

/** How many filters' counts are kept at most; the oldest goes first. */
const MAX_COUNTS = 500;
/** How many orders of all matches are kept at most (each of at most ORDERS_UP_TO ids). */
const MAX_ORDERS = 20;
/** A search's whole order is remembered when it has at most this many matches. */
export const ORDERS_UP_TO = 5_000;

/** A filter in a list order: what a remembered order is kept for. */
export type OrderedFilter = UserFilter & { sortBy: UserSortColumn; sortDirection: SortDirection };

/**
 * What is remembered under the version read when it was taken, and how to add to it. A filter
 * whose matches depend on another table (invited N days ago: the invitations) finds nothing and
 * saves nothing.
 */
export interface MatchesSnapshot {
  /** How many users match, if remembered. */
  total(filter: UserFilter): number | undefined;
  saveTotal(filter: UserFilter, total: number): void;
  /** The ids of every match in the filter's order, if remembered. */
  order(filter: OrderedFilter): string[] | undefined;
  saveOrder(filter: OrderedFilter, ids: string[]): void;
}

export const NOTHING_REMEMBERED: MatchesSnapshot = {
  total: () => undefined,
  saveTotal: () => {},
  order: () => undefined,
  saveOrder: () => {},
};

/**
 * How many users match a filter, and for a few searches with not too many matches the ids of all
 * of them in a list order, remembered while the users table has not changed (issue 17).
 *
 * Every change the list counts bumps `table_versions`' users row in the same transaction
 * (migration 0013), and every snapshot reads it first (one read per list call): what is
 * remembered is served only under the version it was saved with, so no process ever serves it
 * after any process has changed the users it describes. Reading the version before counting means
 * what is saved under a version is never older than that version.
 */
export class RememberedMatches {
  private version: string | undefined;
  private readonly counts = new Map<string, number>();
  private readonly orders = new Map<string, string[]>();

  constructor(private readonly db: Kysely<DB>) {}

  async snapshot(): Promise<MatchesSnapshot> {
    const version = await this.readVersion();
    if (version !== this.version) {
      this.counts.clear();
      this.orders.clear();
      this.version = version;
    }
    // Another snapshot may have read a newer version meanwhile: then nothing is saved.
    const current = () => this.version === version;
    return {
      total: (filter) => lookUp(this.counts, filterKey(filter)),
      saveTotal: (filter, total) => {
        const key = filterKey(filter);
        if (key !== undefined && current()) remember(this.counts, key, total, MAX_COUNTS);
      },
      order: (filter) => lookUp(this.orders, orderKey(filter)),
      saveOrder: (filter, ids) => {
        const key = orderKey(filter);
        if (key !== undefined && current() && ids.length <= ORDERS_UP_TO) {
          remember(this.orders, key, ids, MAX_ORDERS);
        }
      },
    };
  }

  private async readVersion(): Promise<string> {
    const row = await this.db
      .selectFrom('table_versions')
      .select('version')
      .where('table_name', '=', 'users')
      .executeTakeFirstOrThrow();
    return String(row.version);
  }
}

const lookUp = <T>(map: Map<string, T>, key: string | undefined): T | undefined =>
  key === undefined ? undefined : map.get(key);

/** Sets a value, first dropping the oldest entry when the map is full. */
function remember<T>(map: Map<string, T>, key: string, value: T, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/**
 * The filter as a key, or undefined for one whose matches depend on another table. A dormant
 * filter's cutoff is a fixed time (resolveUserFilter moves it a minute at a time), so under one
 * version of the users table its matches stay the same.
 */
function filterKey(filter: UserFilter): string | undefined {
  if (filter.invitedBefore !== undefined) return undefined;
  return JSON.stringify([
    filter.search?.toLowerCase() ?? '',
    filter.includeInactive,
    filter.position ?? null,
    filter.status ?? null,
    filter.neverSignedIn ?? null,
    filter.dormantBefore ?? null,
  ]);
}

const orderKey = (filter: OrderedFilter): string | undefined => {
  const key = filterKey(filter);
  return key === undefined ? undefined : `${key} ${filter.sortBy} ${filter.sortDirection}`;
};
