import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, UploadsTable } from '../../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

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

  /** Uploads created before `cutoff` that no user's picture points at. */
  async findUnreferencedBefore(cutoff: string, limit: number): Promise<UploadRow[]> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('created_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('users').select('users.id').whereRef('users.image_url', '=', 'uploads.path'),
          ),
        ),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Deletes the row only while it is still unreferenced: false if a user took it meanwhile. */
  async deleteIfUnreferenced(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('uploads')
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('users').select('users.id').whereRef('users.image_url', '=', 'uploads.path'),
          ),
        ),
      )
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  }
}
