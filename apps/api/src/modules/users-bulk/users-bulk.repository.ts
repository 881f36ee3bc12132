import type { Position, Status } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { searchCondition, type UserFilter } from '../users/index.js';

/** What a bulk action decides a row by before it acts (read once for the whole batch). */
export interface BulkTarget {
  id: string;
  email: string;
  position: Position;
  status: Status;
}

/** The reads of POST /users/bulk: its targets, by ids or by the list's filter with a cursor. */
export class UsersBulkRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
  ) {}

  private selectTargets() {
    return this.db.selectFrom('users').select(['id', 'email', 'position', 'status']);
  }

  /** The users with these ids, in no particular order (unknown ids are simply absent). */
  async findByIds(ids: string[]): Promise<BulkTarget[]> {
    if (ids.length === 0) return [];
    return this.selectTargets().where('id', 'in', ids).execute();
  }

  /**
   * The first `limit` users matching the filter whose id comes after `after`, in id order: the
   * list's own WHERE (searchCondition), walked along the primary key.
   */
  async findMatches(filter: UserFilter, after: string | undefined, limit: number) {
    let query = this.selectTargets()
      .where(searchCondition(this.engine, filter))
      .orderBy('id', 'asc')
      .limit(limit);
    if (after !== undefined) query = query.where('id', '>', after);
    return query.execute();
  }
}
