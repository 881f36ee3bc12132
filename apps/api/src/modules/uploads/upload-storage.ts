import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_DIRS, type UploadDir } from '@staff-admin/shared';

/** Stored names are generated here: a UUID and the extension of the format the bytes proved. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

export const isUploadDir = (value: string): value is UploadDir =>
  (UPLOAD_DIRS as readonly string[]).includes(value);

export const isStoredName = (value: string): boolean => STORED_NAME.test(value);

/** The public path of a stored file: what goes into `imageUrl` and what GET /api/files serves. */
export const publicPath = (dir: UploadDir, name: string): string => `/api/files/${dir}/${name}`;

/**
 * Files under UPLOAD_DIR/<dir>/<name>. Only a known folder and a generated name ever reach a file
 * system path; anything else is refused before it gets near `path.join`.
 */
export class UploadStorage {
  constructor(private readonly root: string) {}

  private locate(dir: string, name: string): string {
    if (!isUploadDir(dir) || !isStoredName(name))
      throw new Error(`Not a stored file: ${dir}/${name}`);
    return path.join(this.root, dir, name);
  }

  async write(dir: UploadDir, name: string, data: Buffer): Promise<void> {
    await mkdir(path.join(this.root, dir), { recursive: true });
    await writeFile(this.locate(dir, name), data, { flag: 'wx', mode: 0o644 });
  }

  /** The file's bytes, or undefined when it is not there. */
  async read(dir: string, name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.locate(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Removes a file; one that is already gone is fine. */
  async remove(dir: string, name: string): Promise<void> {
    try {
      await unlink(this.locate(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /** Where a stored file lives on disk (tests and operators). */
  fileFor(dir: UploadDir, name: string): string {
    return this.locate(dir, name);
  }
}
