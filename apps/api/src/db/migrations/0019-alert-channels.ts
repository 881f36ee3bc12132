import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Alert channels and the webhook outbox (issue 37, docs/alerts.md "Channels and webhook
 * verification").
 *
 * - `alert_channels`: an email channel's recipients (user ids and roles, JSON) or a webhook's URL,
 *   body format and signing secret (sealed: it must be readable again to sign); `audience` is
 *   `budget` for the channels finance may use, `all` otherwise.
 * - `webhook_deliveries`: the durable outbox, one row per notice and webhook channel; its id is the
 *   `webhook-id` header, the same on every retry. A worker claims a due row with a lease
 *   (`claim_id`, `claimed_until`), so several API processes never send one twice.
 * - `webhook_delivery_attempts`: every attempt, for the channel's delivery log.
 */
export function alertChannels(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alert_channels')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('audience', 'text', (col) => col.notNull())
        .addColumn('url', 'text')
        .addColumn('format', 'text')
        .addColumn('secret', 'text')
        .addColumn('recipients', 'text')
        .addColumn('created_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('channel_id', id, (col) =>
          col.notNull().references('alert_channels.id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', time, (col) => col.notNull())
        .addColumn('claim_id', id)
        .addColumn('claimed_until', time)
        .addColumn('delivered_at', time)
        .addColumn('failed_at', time)
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due_idx')
        .on('webhook_deliveries')
        .columns(['next_attempt_at', 'created_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_channel_idx')
        .on('webhook_deliveries')
        .columns(['channel_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('webhook_delivery_attempts')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('delivery_id', id, (col) =>
          col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
        )
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', (col) => col.notNull())
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_delivery_attempts_delivery_idx')
        .on('webhook_delivery_attempts')
        .columns(['delivery_id', 'at'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_delivery_attempts').execute();
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('alert_channels').execute();
    },
  };
}
