import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * The refresh-token grace window: a rotated token keeps its successor pair, sealed (AES-256-GCM),
 * for a few seconds so a second tab refreshing with it at the same moment gets the same pair
 * instead of being treated as a thief. Cleared once the successor is used or the window passed.
 * Sessions list by user (an admin sees a user's active sessions).
 */
export function sessionHardening(_engine: DbEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();
      await db.schema
        .createIndex('sessions_user_last_used_idx')
        .on('sessions')
        .columns(['user_id', 'last_used_at'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sessions_user_last_used_idx').execute();
      await db.schema.alterTable('refresh_tokens').dropColumn('successor_sealed').execute();
    },
  };
}
