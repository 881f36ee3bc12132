import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export class HealthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Resolves when the database answers a trivial query. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
