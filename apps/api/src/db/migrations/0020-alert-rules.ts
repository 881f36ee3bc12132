import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Alerts: rules, incidents and maintenance windows (issue 37, docs/alerts.md).
 *
 * - `alert_rules`: a rule's kind and settings (JSON), its channels (JSON array of ids), noise
 *   control, and `evaluated_until`: the end of the window the evaluator last looked at, so that
 *   each pass reads only what happened since (new groups, regressions, given-up mail).
 * - `alert_incidents`: every firing. At most one unresolved incident per rule and subject (a
 *   partial unique index), so that however many processes evaluate, a condition opens one.
 * - `alert_incident_events`: the incident's timeline (opened, notified, muted, acknowledged,
 *   resolved).
 * - `alert_pending`: a condition seen but not yet for the rule's minutes (a failing health check).
 * - `maintenance_windows`: times when rules (all, or those listed) tell nobody.
 * - Indexes so that the evaluator reads bounded windows: given-up mail by `failed_at`, error
 *   groups by `first_seen_at` and by `regressed_at` (occurrences by `at` and audit events by
 *   `(action, at)` have theirs already).
 */
export function alertRules(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alert_rules')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('channel_ids', 'text', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('cooldown_minutes', 'integer', (col) => col.notNull())
        .addColumn('repeat_every_minutes', 'integer')
        .addColumn('settings', 'text', (col) => col.notNull())
        .addColumn('created_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .addColumn('evaluated_until', time)
        .execute();
      await db.schema
        .createIndex('alert_rules_kind_idx')
        .on('alert_rules')
        .columns(['kind', 'created_at'])
        .execute();

      await db.schema
        .createTable('alert_incidents')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('rule_id', id, (col) =>
          col.notNull().references('alert_rules.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('subject_key', 'text', (col) => col.notNull())
        .addColumn('summary', 'text', (col) => col.notNull())
        .addColumn('data', 'text', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addColumn('opened_at', time, (col) => col.notNull())
        .addColumn('acknowledged_at', time)
        .addColumn('acknowledged_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('resolved_at', time)
        .addColumn('last_notified_at', time)
        .execute();
      await sql`create unique index alert_incidents_open_key on alert_incidents (rule_id, subject_key) where resolved_at is null`.execute(
        db,
      );
      await db.schema
        .createIndex('alert_incidents_subject_idx')
        .on('alert_incidents')
        .columns(['rule_id', 'subject_key', 'opened_at'])
        .execute();
      await db.schema
        .createIndex('alert_incidents_opened_idx')
        .on('alert_incidents')
        .columns(['opened_at', 'id'])
        .execute();
      await db.schema
        .createIndex('alert_incidents_kind_idx')
        .on('alert_incidents')
        .columns(['kind', 'opened_at'])
        .execute();

      await db.schema
        .createTable('alert_incident_events')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('incident_id', id, (col) =>
          col.notNull().references('alert_incidents.id').onDelete('cascade'),
        )
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('actor_id', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('detail', 'text')
        .execute();
      await db.schema
        .createIndex('alert_incident_events_incident_idx')
        .on('alert_incident_events')
        .columns(['incident_id', 'at'])
        .execute();

      await db.schema
        .createTable('alert_pending')
        .addColumn('rule_id', id, (col) =>
          col.notNull().references('alert_rules.id').onDelete('cascade'),
        )
        .addColumn('subject_key', 'text', (col) => col.notNull())
        .addColumn('since', time, (col) => col.notNull())
        .addPrimaryKeyConstraint('alert_pending_pkey', ['rule_id', 'subject_key'])
        .execute();

      await db.schema
        .createTable('maintenance_windows')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('starts_at', time, (col) => col.notNull())
        .addColumn('ends_at', time, (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('rule_ids', 'text', (col) => col.notNull())
        .addColumn('created_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('maintenance_windows_ends_idx')
        .on('maintenance_windows')
        .columns(['ends_at', 'starts_at'])
        .execute();

      await db.schema
        .createIndex('mail_outbox_failed_at_idx')
        .on('mail_outbox')
        .column('failed_at')
        .execute();
      await db.schema
        .createIndex('error_groups_first_seen_idx')
        .on('error_groups')
        .column('first_seen_at')
        .execute();
      await db.schema
        .createIndex('error_groups_regressed_idx')
        .on('error_groups')
        .column('regressed_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('error_groups_regressed_idx').execute();
      await db.schema.dropIndex('error_groups_first_seen_idx').execute();
      await db.schema.dropIndex('mail_outbox_failed_at_idx').execute();
      await db.schema.dropTable('maintenance_windows').execute();
      await db.schema.dropTable('alert_pending').execute();
      await db.schema.dropTable('alert_incident_events').execute();
      await db.schema.dropTable('alert_incidents').execute();
      await db.schema.dropTable('alert_rules').execute();
    },
  };
}
