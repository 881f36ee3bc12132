import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { UserFilter } from './user-search.js';

/** How many filters' counts are kept at most; the oldest goes first. */
const MAX_COUNTS = 500;

/** A count looked up under the version read with it: `total` if known, `save` once counted. */
export interface CountLookup {
  total: number | undefined;
  save(total: number): void;
}

/**
 * How many users match a filter, remembered while the users table has not changed (issue 17).
 * Every change the list counts bumps `table_versions`' users row in the same transaction
 * (migration 0013), and every lookup reads it first: a count is served only under the version it
 * was saved with, so no process ever serves one after any process has changed the users it
 * counted. Reading the version before counting means a count saved under a version is never older
 * than that version.
 *
 * Filters that depend on the time (dormant, invited) or on other tables are not remembered.
 */
export class MatchCounts {
  private version: string | undefined;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxCounts = MAX_COUNTS,
  ) {}

  async lookup(filter: UserFilter): Promise<CountLookup> {
    const key = countKey(filter);
    if (key === undefined) return { total: undefined, save: () => {} };
    const version = await this.readVersion();
    if (version !== this.version) {
      this.counts.clear();
      this.version = version;
    }
    return {
      total: this.counts.get(key),
      save: (total) => {
        if (this.version !== version) return; // another lookup has seen a newer version
        if (this.counts.size >= this.maxCounts) {
          this.counts.delete(this.counts.keys().next().value as string);
        }
        this.counts.set(key, total);
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

/** The filter as a key, or undefined for one whose matches change with time or other tables. */
function countKey(filter: UserFilter): string | undefined {
  if (filter.dormantBefore !== undefined || filter.invitedBefore !== undefined) return undefined;
  return JSON.stringify([
    filter.search?.toLowerCase() ?? '',
    filter.includeInactive,
    filter.position ?? null,
    filter.status ?? null,
    filter.neverSignedIn ?? null,
  ]);
}
