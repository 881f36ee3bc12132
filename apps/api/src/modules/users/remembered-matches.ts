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

export interface ListOrder {
  sortBy: UserSortColumn;
  sortDirection: SortDirection;
}

/** What is remembered of one filter under the version read with it, and how to add to it. */
export interface MatchesLookup {
  /** How many users match, if remembered. */
  total: number | undefined;
  saveTotal(total: number): void;
  /** The ids of every match in this order, if remembered. */
  order(order: ListOrder): string[] | undefined;
  saveOrder(order: ListOrder, ids: string[]): void;
}

export const NOTHING_REMEMBERED: MatchesLookup = {
  total: undefined,
  saveTotal: () => {},
  order: () => undefined,
  saveOrder: () => {},
};

/**
 * How many users match a filter, and for a few searches with not too many matches the ids of all
 * of them in a list order, remembered while the users table has not changed (issue 17).
 *
 * Every change the list counts bumps `table_versions`' users row in the same transaction
 * (migration 0013), and every lookup reads it first: what is remembered is served only under the
 * version it was saved with, so no process ever serves it after any process has changed the users
 * it describes. Reading the version before counting means what is saved under a version is never
 * older than that version. Filters that depend on the time (dormant, invited) are not remembered.
 */
export class RememberedMatches {
  private version: string | undefined;
  private readonly counts = new Map<string, number>();
  private readonly orders = new Map<string, string[]>();

  constructor(private readonly db: Kysely<DB>) {}

  async lookup(filter: UserFilter): Promise<MatchesLookup> {
    const key = filterKey(filter);
    if (key === undefined) return NOTHING_REMEMBERED;
    const version = await this.readVersion();
    if (version !== this.version) {
      this.counts.clear();
      this.orders.clear();
      this.version = version;
    }
    // Another lookup may have read a newer version meanwhile: then nothing is saved.
    const current = () => this.version === version;
    const orderKey = (order: ListOrder) => `${key} ${order.sortBy} ${order.sortDirection}`;
    return {
      total: this.counts.get(key),
      saveTotal: (total) => {
        if (current()) remember(this.counts, key, total, MAX_COUNTS);
      },
      order: (order) => this.orders.get(orderKey(order)),
      saveOrder: (order, ids) => {
        if (current() && ids.length <= ORDERS_UP_TO) {
          remember(this.orders, orderKey(order), ids, MAX_ORDERS);
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

/** Sets a value, first dropping the oldest entry when the map is full. */
function remember<T>(map: Map<string, T>, key: string, value: T, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/** The filter as a key, or undefined for one whose matches change with time or other tables. */
function filterKey(filter: UserFilter): string | undefined {
  if (filter.dormantBefore !== undefined || filter.invitedBefore !== undefined) return undefined;
  return JSON.stringify([
    filter.search?.toLowerCase() ?? '',
    filter.includeInactive,
    filter.position ?? null,
    filter.status ?? null,
    filter.neverSignedIn ?? null,
  ]);
}
