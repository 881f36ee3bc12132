import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * `mail_outbox.link_token_id`: the one-time token whose link a mail carries. A new reset link
 * cancels the earlier ones only once its own mail has gone out, so a request that is never
 * delivered (an outage, or someone asking for another person's address) never kills a link that
 * the person already holds.
 */
export function supersedingLinks(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_outbox').addColumn('link_token_id', id).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_outbox').dropColumn('link_token_id').execute();
    },
  };
}
