import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Budgeting & Cost tracking (issue 14). Money is an integer in minor units (`*_minor`, bigint)
 * beside its project's ISO currency; calendar days are `YYYY-MM-DD` text and months `YYYY-MM`
 * on both engines (a cost belongs to a day, not an instant). A project keeps its current budget
 * (its latest revision), its cost total and its entry count, written in the same transaction as
 * the revision or entry, so the project list never sums a million entries.
 */
export function budgeting(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('projects')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('code', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('client', 'text', (col) => col.notNull())
        .addColumn('search_text', 'text', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('start_date', 'text', (col) => col.notNull())
        .addColumn('end_date', 'text')
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('owner_id', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('budget_minor', 'bigint', (col) => col.notNull())
        .addColumn('actual_minor', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('cost_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('projects_status_code_idx')
        .on('projects')
        .columns(['status', 'code'])
        .execute();

      await db.schema
        .createTable('budget_revisions')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('project_id', id, (col) =>
          col.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('amount_minor', 'bigint', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('created_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('budget_revisions_project_idx')
        .on('budget_revisions')
        .columns(['project_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('cost_rates')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('user_id', id, (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('amount_minor', 'bigint', (col) => col.notNull())
        .addColumn('valid_from', 'text', (col) => col.notNull())
        .addColumn('created_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .addUniqueConstraint('cost_rates_user_currency_from_key', [
          'user_id',
          'currency',
          'valid_from',
        ])
        .execute();

      await db.schema
        .createTable('import_batches')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('project_id', id, (col) =>
          col.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('row_count', 'integer', (col) => col.notNull())
        .addColumn('total_minor', 'bigint', (col) => col.notNull())
        .addColumn('created_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('undone_at', time)
        .addColumn('undone_by', id, (col) => col.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('import_batches_project_idx')
        .on('import_batches')
        .columns(['project_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('cost_entries')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('project_id', id, (col) =>
          col.notNull().references('projects.id').onDelete('cascade'),
        )
        .addColumn('entry_date', 'text', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('amount_minor', 'bigint', (col) => col.notNull())
        .addColumn('user_id', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('hours_hundredths', 'integer')
        .addColumn('rate_minor', 'bigint')
        .addColumn('import_batch_id', id, (col) =>
          col.references('import_batches.id').onDelete('set null'),
        )
        .addColumn('created_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('cost_entries_project_date_idx')
        .on('cost_entries')
        .columns(['project_id', 'entry_date', 'id'])
        .execute();
      await db.schema
        .createIndex('cost_entries_batch_idx')
        .on('cost_entries')
        .column('import_batch_id')
        .execute();

      await db.schema
        .createTable('closed_months')
        .addColumn('month', 'text', (col) => col.primaryKey())
        .addColumn('closed_by', id, (col) => col.references('users.id').onDelete('set null'))
        .addColumn('closed_at', time, (col) => col.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('closed_months').execute();
      await db.schema.dropTable('cost_entries').execute();
      await db.schema.dropTable('import_batches').execute();
      await db.schema.dropTable('cost_rates').execute();
      await db.schema.dropTable('budget_revisions').execute();
      await db.schema.dropTable('projects').execute();
    },
  };
}
