import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * One-time tokens (invitation and password-reset links, stored as SHA-256 hashes) and the mail
 * outbox (every mail is written here in the transaction that causes it, then sent by a worker).
 */
export function accountLifecycle(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('one_time_tokens')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('user_id', id, (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .addColumn('used_at', time)
        .addCheckConstraint(
          'one_time_tokens_type_known',
          sql`${sql.ref('type')} in ('confirmation_token', 'reset_password_token')`,
        )
        .execute();
      await db.schema
        .createIndex('one_time_tokens_user_type_idx')
        .on('one_time_tokens')
        .columns(['user_id', 'type'])
        .execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', id, (col) => col.primaryKey())
        // A deleted user's unsent mail (and the address it was for) goes with them.
        .addColumn('user_id', id, (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('template', 'text', (col) => col.notNull())
        .addColumn('recipient', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        // Text and HTML, sealed (AES-256-GCM) because they carry live links; cleared once sent.
        .addColumn('body', 'text')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', time, (col) => col.notNull())
        .addColumn('last_error', 'text')
        .addColumn('claim_id', id)
        .addColumn('claimed_until', time)
        .addColumn('sent_at', time)
        .addColumn('logged_at', time)
        .execute();
      await db.schema
        .createIndex('mail_outbox_due_idx')
        .on('mail_outbox')
        .column('next_attempt_at')
        .where(sql.ref('sent_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('mail_outbox_user_id_idx')
        .on('mail_outbox')
        .column('user_id')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_outbox').execute();
      await db.schema.dropTable('one_time_tokens').execute();
    },
  };
}
