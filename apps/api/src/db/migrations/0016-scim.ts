import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Provisioning from the company's directory with SCIM 2.0 (issue 36, docs/scim.md).
 *
 * - `scim_tokens`: the directory's bearer tokens, found by the SHA-256 of the secret; a revoked
 *   token keeps its row (its name stays in the sync log and the audit trail).
 * - `users.managed_by_directory`: the directory made or changed the user; their name, email and
 *   status follow it and cannot be changed by hand.
 * - `directory_users`: what the directory says of a user beyond our columns (externalId, the
 *   name's parts), so that it reads back what it wrote.
 * - `directory_groups` and `directory_group_members`: the directory's groups; a group maps to a
 *   position through OIDC_ROLE_MAP.
 * - `scim_sync_log`: every SCIM call, for Monitoring › Directory (kept SCIM_LOG_RETENTION_DAYS).
 * - `audit_events.actor_name`: an actor that is no user (a SCIM token's name).
 */
export function scim(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('scim_tokens')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('rotated_at', time)
        .addColumn('last_used_at', time)
        .addColumn('revoked_at', time)
        .execute();
      // A name is unique among live tokens (a revoked one's name may be used again).
      await sql`create unique index scim_tokens_live_name_key on scim_tokens (lower(name)) where revoked_at is null`.execute(
        db,
      );

      await db.schema
        .alterTable('users')
        .addColumn('managed_by_directory', 'boolean', (col) => col.notNull().defaultTo(sql`false`))
        .execute();

      await db.schema
        .createTable('directory_users')
        .addColumn('user_id', id, (col) =>
          col.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('external_id', 'text')
        .addColumn('given_name', 'text')
        .addColumn('family_name', 'text')
        .execute();
      await db.schema
        .createIndex('directory_users_external_id_idx')
        .on('directory_users')
        .column('external_id')
        .execute();

      await db.schema
        .createTable('directory_groups')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('display_name', 'text', (col) => col.notNull())
        .addColumn('external_id', 'text')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
      await sql`create unique index directory_groups_display_name_key on directory_groups (lower(display_name))`.execute(
        db,
      );

      await db.schema
        .createTable('directory_group_members')
        .addColumn('group_id', id, (col) =>
          col.notNull().references('directory_groups.id').onDelete('cascade'),
        )
        .addColumn('user_id', id, (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('directory_group_members_pkey', ['group_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('directory_group_members_user_idx')
        .on('directory_group_members')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('scim_sync_log')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('token_id', id, (col) => col.references('scim_tokens.id').onDelete('set null'))
        .addColumn('token_name', 'text')
        .addColumn('operation', 'text', (col) => col.notNull())
        .addColumn('resource_type', 'text', (col) => col.notNull())
        .addColumn('user_id', id)
        .addColumn('subject', 'text')
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('detail', 'text')
        .execute();
      await db.schema
        .createIndex('scim_sync_log_at_idx')
        .on('scim_sync_log')
        .column('at')
        .execute();
      await db.schema
        .createIndex('scim_sync_log_failed_idx')
        .on('scim_sync_log')
        .columns(['status', 'at'])
        .execute();

      await db.schema.alterTable('audit_events').addColumn('actor_name', 'text').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('audit_events').dropColumn('actor_name').execute();
      await db.schema.dropTable('scim_sync_log').execute();
      await db.schema.dropTable('directory_group_members').execute();
      await db.schema.dropTable('directory_groups').execute();
      await db.schema.dropTable('directory_users').execute();
      await db.schema.alterTable('users').dropColumn('managed_by_directory').execute();
      await db.schema.dropTable('scim_tokens').execute();
    },
  };
}
