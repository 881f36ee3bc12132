import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * `mail_outbox.link_token_id`: the one-time token whose link a mail carries. A new reset link
 * cancels the earlier ones only once its own mail has gone out, so a request that is never
 * delivered (an outage, or someone asking for another person's address) never kills a link that
 * the person already holds.
 * `mail_outbox.failed_at`: when delivery was given up (the relay refused the address for good, or
 * MAIL_MAX_ATTEMPTS / MAIL_MAX_AGE ran out); such a mail is no longer retried.
 */
export function mailDelivery(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_outbox').addColumn('link_token_id', id).execute();
      await db.schema.alterTable('mail_outbox').addColumn('failed_at', time).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_outbox').dropColumn('failed_at').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('link_token_id').execute();
    },
  };
}
