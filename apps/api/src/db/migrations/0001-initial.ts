import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Users, sessions and refresh tokens. Values are written out here (not imported) so that this
 * migration keeps meaning what it meant when it first ran.
 */
export function initial(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('full_name', 'text')
        .addColumn('position', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('image_url', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('invited_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .addColumn('last_login_at', time)
        .addCheckConstraint(
          'users_email_lower_case',
          sql`${sql.ref('email')} = lower(${sql.ref('email')})`,
        )
        .addCheckConstraint(
          'users_position_known',
          sql`${sql.ref('position')} in ('admin', 'project_owner', 'project_manager', 'contractor', 'finance')`,
        )
        .addCheckConstraint(
          'users_status_known',
          sql`${sql.ref('status')} in ('pending', 'active', 'inactive')`,
        )
        .execute();
      await db.schema
        .createIndex('users_invited_by_idx')
        .on('users')
        .column('invited_by')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('user_id', id, (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('last_used_at', time, (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .addColumn('revoked_at', time)
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema
        .createIndex('sessions_user_id_idx')
        .on('sessions')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('session_id', id, (col) =>
          col.notNull().references('sessions.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .addColumn('used_at', time)
        .addColumn('replaced_by', id)
        .execute();
      await db.schema
        .createIndex('refresh_tokens_session_id_idx')
        .on('refresh_tokens')
        .column('session_id')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('refresh_tokens').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
