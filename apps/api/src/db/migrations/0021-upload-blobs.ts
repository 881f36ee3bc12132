import type { Kysely, Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Pictures kept in the database (issue 38, UPLOAD_STORAGE=database): one row per stored file,
 * by folder and generated name, with its bytes, size and SHA-256 (hex), which moving files
 * between the stores checks. `uploads` still says which files exist and whose they are.
 */
export function uploadBlobs(engine: DbEngine): Migration {
  const time = engine === 'postgres' ? 'timestamptz' : 'text';
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('upload_blobs')
        .addColumn('dir', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('bytes', bytes, (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('sha256', 'text', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addPrimaryKeyConstraint('upload_blobs_pk', ['dir', 'name'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('upload_blobs').execute();
    },
  };
}
