import { UPLOAD_DIRS, type UploadDir } from '@staff-admin/shared';

/** Stored names are generated here: a UUID and the extension of the format the bytes proved. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg)$/;

export const isUploadDir = (value: string): value is UploadDir =>
  (UPLOAD_DIRS as readonly string[]).includes(value);

export const isStoredName = (value: string): boolean => STORED_NAME.test(value);

/** The public path of a stored file: what goes into `imageUrl` and what GET /api/files serves. */
export const publicPath = (dir: UploadDir, name: string): string => `/api/files/${dir}/${name}`;

/** Thrown for a folder or name that is not one we generate: it never reaches a store. */
export function assertStoredFile(dir: string, name: string): asserts dir is UploadDir {
  if (!isUploadDir(dir) || !isStoredName(name))
    throw new Error(`Not a stored file: ${dir}/${name}`);
}

/**
 * Where stored pictures' bytes live, by folder and generated name. Names are never reused, so a
 * stored file never changes: it is written once, read, and removed. The disk and the database
 * implement it; an object store (S3) would implement the same four calls.
 */
export interface UploadStorage {
  /** Stores a new file; fails if one of that name is already there. */
  write(dir: UploadDir, name: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when it is not there. */
  read(dir: string, name: string): Promise<Buffer | undefined>;
  /** Removes a file; one that is already gone is fine. */
  remove(dir: string, name: string): Promise<void>;
  /** Up to `limit` stored names of one folder after `after`, in name order (moving stores). */
  list(dir: UploadDir, after: string | undefined, limit: number): Promise<string[]>;
}
