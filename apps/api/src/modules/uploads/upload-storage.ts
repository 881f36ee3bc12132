import { mkdir, mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_DIRS, type UploadDir } from '@staff-admin/shared';

/** Where requests' files wait (as received) while they are checked: beside the stored ones. */
const INCOMING = '.incoming';

/** Stored names are generated here: a UUID and the extension of the format the bytes proved. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg)$/;

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
    return ifExists(readFile(this.locate(dir, name)));
  }

  /** Removes a file; one that is already gone is fine. */
  async remove(dir: string, name: string): Promise<void> {
    try {
      await unlink(this.locate(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /**
   * A new, empty folder for one request's incoming files, under UPLOAD_DIR rather than the system
   * temp folder, which may live in memory (tmpfs). The caller removes it with `removeIncoming`.
   */
  async createIncoming(): Promise<string> {
    const root = path.join(this.root, INCOMING);
    await mkdir(root, { recursive: true, mode: 0o700 });
    return mkdtemp(path.join(root, 'request-'));
  }

  async removeIncoming(folder: string): Promise<void> {
    await rm(folder, { recursive: true, force: true });
  }

  /** Removes incoming folders left by a crash: those last changed before `cutoff` (ms). */
  async removeStaleIncoming(cutoff: number): Promise<number> {
    const root = path.join(this.root, INCOMING);
    let removed = 0;
    for (const name of (await ifExists(readdir(root))) ?? []) {
      const folder = path.join(root, name);
      // Another process may be removing it too.
      const changed = await ifExists(stat(folder));
      if (changed && changed.mtimeMs < cutoff) {
        await this.removeIncoming(folder);
        removed += 1;
      }
    }
    return removed;
  }

  /** Where a stored file lives on disk (tests and operators). */
  fileFor(dir: UploadDir, name: string): string {
    return this.locate(dir, name);
  }
}

/** What `work` gives, or undefined when the file it touches is not there. */
async function ifExists<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
