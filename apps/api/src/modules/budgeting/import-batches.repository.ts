import type { PersonRef } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { personColumns, personOrNull } from '../../db/person-ref.js';

export interface ImportBatchRow {
  id: string;
  projectId: string;
  fileName: string;
  rowCount: number;
  totalMinor: number;
  createdAt: string;
  createdBy: PersonRef | null;
  undoneAt: string | null;
  undoneBy: PersonRef | null;
}

/** Budgeting: committed cost imports, and what undoing one needs. */
export class ImportBatchesRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
  ) {}

  private select() {
    return this.db
      .selectFrom('import_batches')
      .leftJoin('users as author', 'author.id', 'import_batches.created_by')
      .leftJoin('users as undoer', 'undoer.id', 'import_batches.undone_by')
      .select([
        'import_batches.id',
        'import_batches.project_id',
        'import_batches.file_name',
        'import_batches.row_count',
        'import_batches.total_minor',
        'import_batches.created_at',
        'import_batches.undone_at',
        ...personColumns('author'),
        ...personColumns('undoer'),
      ]);
  }

  private static toRow(row: {
    id: string;
    project_id: string;
    file_name: string;
    row_count: number;
    total_minor: number;
    created_at: string;
    undone_at: string | null;
    author_id: string | null;
    author_full_name: string | null;
    author_email: string | null;
    undoer_id: string | null;
    undoer_full_name: string | null;
    undoer_email: string | null;
  }): ImportBatchRow {
    return {
      id: row.id,
      projectId: row.project_id,
      fileName: row.file_name,
      rowCount: Number(row.row_count),
      totalMinor: Number(row.total_minor),
      createdAt: row.created_at,
      createdBy: personOrNull(row.author_id, row.author_full_name, row.author_email),
      undoneAt: row.undone_at,
      undoneBy: personOrNull(row.undoer_id, row.undoer_full_name, row.undoer_email),
    };
  }

  async findById(id: string): Promise<ImportBatchRow | undefined> {
    const row = await this.select().where('import_batches.id', '=', id).executeTakeFirst();
    return row && ImportBatchesRepository.toRow(row);
  }

  /** Newest first. */
  async findByProject(projectId: string): Promise<ImportBatchRow[]> {
    const rows = await this.select()
      .where('import_batches.project_id', '=', projectId)
      .orderBy('import_batches.created_at', 'desc')
      .orderBy('import_batches.id', 'desc')
      .execute();
    return rows.map(ImportBatchesRepository.toRow);
  }

  async insert(batch: {
    id: string;
    projectId: string;
    fileName: string;
    rowCount: number;
    totalMinor: number;
    createdBy: string;
    at: string;
  }): Promise<void> {
    await this.db
      .insertInto('import_batches')
      .values({
        id: batch.id,
        project_id: batch.projectId,
        file_name: batch.fileName,
        row_count: batch.rowCount,
        total_minor: batch.totalMinor,
        created_by: batch.createdBy,
        created_at: batch.at,
      })
      .execute();
  }

  /**
   * The days of the batch's entries, and their count and sum, as they are now: locked until the
   * transaction ends (PostgreSQL; SQLite writes one at a time), which removes them.
   */
  async entriesOf(batchId: string): Promise<{ dates: string[]; count: number; sumMinor: number }> {
    let query = this.db
      .selectFrom('cost_entries')
      .select(['entry_date', 'amount_minor'])
      .where('import_batch_id', '=', batchId);
    if (this.engine === 'postgres') query = query.forUpdate();
    const rows = await query.execute();
    return {
      dates: [...new Set(rows.map((row) => row.entry_date))],
      count: rows.length,
      sumMinor: rows.reduce((sum, row) => sum + Number(row.amount_minor), 0),
    };
  }

  /** Removes the batch's entries and marks it undone; false if it was undone already. */
  async undo(batchId: string, undoneBy: string, at: string): Promise<boolean> {
    const marked = await this.db
      .updateTable('import_batches')
      .set({ undone_at: at, undone_by: undoneBy })
      .where('id', '=', batchId)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;
    await this.db.deleteFrom('cost_entries').where('import_batch_id', '=', batchId).execute();
    return true;
  }

  /** Staff by email (lower-case), for the person column of a file. */
  async usersByEmail(emails: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let start = 0; start < emails.length; start += 1000) {
      const rows = await this.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', 'in', emails.slice(start, start + 1000))
        .execute();
      for (const row of rows) found.set(row.email.toLowerCase(), row.id);
    }
    return found;
  }
}
