import { createHash } from 'node:crypto';
import type { UploadDir } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso, type Clock } from '../../lib/clock.js';
import { assertStoredFile, type UploadStorage } from './upload-storage.js';

export const sha256Hex = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * Files as rows of `upload_blobs` (UPLOAD_STORAGE=database): every process on the database sees
 * every picture, with no shared folder, and a database backup holds them. Pictures are small
 * once re-encoded (a square of at most 512 px), so the table stays modest.
 */
export class DatabaseUploadStorage implements UploadStorage {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** The primary key (dir, name) refuses a second file of the same name. */
  async write(dir: UploadDir, name: string, data: Buffer): Promise<void> {
    assertStoredFile(dir, name);
    await this.db
      .insertInto('upload_blobs')
      .values({
        dir,
        name,
        bytes: data,
        size: data.length,
        sha256: sha256Hex(data),
        created_at: nowIso(this.clock),
      })
      .execute();
  }

  async read(dir: string, name: string): Promise<Buffer | undefined> {
    assertStoredFile(dir, name);
    const row = await this.db
      .selectFrom('upload_blobs')
      .select('bytes')
      .where('dir', '=', dir)
      .where('name', '=', name)
      .executeTakeFirst();
    return row && Buffer.from(row.bytes);
  }

  async remove(dir: string, name: string): Promise<void> {
    assertStoredFile(dir, name);
    await this.db
      .deleteFrom('upload_blobs')
      .where('dir', '=', dir)
      .where('name', '=', name)
      .execute();
  }

  async list(dir: UploadDir, after: string | undefined, limit: number): Promise<string[]> {
    let query = this.db
      .selectFrom('upload_blobs')
      .select('name')
      .where('dir', '=', dir)
      .orderBy('name')
      .limit(limit);
    if (after !== undefined) query = query.where('name', '>', after);
    // Only `write` adds rows, and it takes stored names only.
    return (await query.execute()).map((row) => row.name);
  }
}
