import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * The audit trail: security events, appended in the transaction of the change they record. No
 * foreign keys (events outlive the users they name). Append-only, enforced by triggers: rows are
 * never deleted and their id, time and action never change; the only updates the application
 * makes replace the actor or target of an expired account by an anonymous id (data retention).
 */
export function auditEvents(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_events')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('actor_id', id)
        .addColumn('target_id', id)
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('details', 'text')
        .execute();
      await db.schema
        .createIndex('audit_events_at_idx')
        .on('audit_events')
        .columns(['at', 'id'])
        .execute();
      for (const column of ['actor_id', 'target_id', 'action']) {
        await db.schema
          .createIndex(`audit_events_${column}_idx`)
          .on('audit_events')
          .columns([column, 'at'])
          .execute();
      }

      if (engine === 'postgres') {
        await sql`
          create function audit_events_append_only() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'UPDATE' then
              raise exception 'audit_events is append-only';
            end if;
            if new.id is distinct from old.id or new.at is distinct from old.at
                or new.action is distinct from old.action then
              raise exception 'audit_events is append-only';
            end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger audit_events_append_only before update or delete on audit_events
          for each row execute function audit_events_append_only()`.execute(db);
        await sql`create trigger audit_events_no_truncate before truncate on audit_events
          for each statement execute function audit_events_append_only()`.execute(db);
      } else {
        await sql`create trigger audit_events_no_delete before delete on audit_events
          begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
        await sql`create trigger audit_events_no_rewrite before update of id, at, action
          on audit_events
          begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
      }
    },

    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop table audit_events`.execute(db);
        await sql`drop function audit_events_append_only()`.execute(db);
      } else {
        await db.schema.dropTable('audit_events').execute();
      }
    },
  };
}
