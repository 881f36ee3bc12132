import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import type { DB, UploadsTable } from '../../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

/** What one user's unused uploads (no user's picture) take. */
export interface UnusedUsage {
  count: number;
  bytes: number;
  /** When the oldest of them was uploaded; undefined when there is none. */
  oldestCreatedAt: string | undefined;
}

/** The upload is no user's picture. */
const unreferenced = ({ not, exists, selectFrom }: ExpressionBuilder<DB, 'uploads'>) =>
  not(
    exists(selectFrom('users').select('users.id').whereRef('users.image_url', '=', 'uploads.path')),
  );

export class UploadsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<UploadsTable>): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
  }

  async findByPath(path: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('path', '=', path).executeTakeFirst();
  }

  async deleteByPath(path: string): Promise<UploadRow | undefined> {
    return this.db.deleteFrom('uploads').where('path', '=', path).returningAll().executeTakeFirst();
  }

  /** Deletes every upload of this owner (an expired account), returning what was deleted. */
  async deleteByOwner(ownerId: string): Promise<UploadRow[]> {
    return this.db.deleteFrom('uploads').where('owner_id', '=', ownerId).returningAll().execute();
  }

  async unusedUsage(ownerId: string): Promise<UnusedUsage> {
    const row = await this.db
      .selectFrom('uploads')
      .select(({ fn }) => [
        fn.countAll<number | string>().as('count'),
        fn.sum<number | string | null>('size').as('bytes'),
        fn.min('created_at').as('oldest'),
      ])
      .where('owner_id', '=', ownerId)
      .where(unreferenced)
      .executeTakeFirstOrThrow();
    // PostgreSQL answers counts and sums as strings (bigint).
    return {
      count: Number(row.count),
      bytes: Number(row.bytes ?? 0),
      oldestCreatedAt: row.oldest ?? undefined,
    };
  }

  /** Uploads created before `cutoff` that no user's picture points at. */
  async findUnreferencedBefore(cutoff: string, limit: number): Promise<UploadRow[]> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('created_at', '<', cutoff)
      .where(unreferenced)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Deletes the row only while it is still unreferenced: false if a user took it meanwhile. */
  async deleteIfUnreferenced(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('uploads')
      .where('id', '=', id)
      .where(unreferenced)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  }
}
