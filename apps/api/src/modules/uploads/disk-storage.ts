import { randomUUID } from 'node:crypto';
import { link, mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadDir } from '@staff-admin/shared';
import { ifExists } from './if-exists.js';
import { assertStoredFile, isStoredName, type UploadStorage } from './upload-storage.js';

/**
 * Files under UPLOAD_DIR/<dir>/<name> (UPLOAD_STORAGE=disk). Only a known folder and a generated
 * name ever reach a file system path; anything else is refused before it gets near `path.join`.
 */
export class DiskUploadStorage implements UploadStorage {
  constructor(private readonly root: string) {}

  private locate(dir: string, name: string): string {
    assertStoredFile(dir, name);
    return path.join(this.root, dir, name);
  }

  /**
   * Written under a temporary name and then linked to its own, so that the name never shows a
   * half-written file (a crash mid-write, or a move between stores that stopped) and an existing
   * file is never replaced (EEXIST).
   */
  async write(dir: UploadDir, name: string, data: Buffer): Promise<void> {
    const target = this.locate(dir, name);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `.${randomUUID()}.partial`);
    await writeFile(temporary, data, { flag: 'wx', mode: 0o644 });
    try {
      await link(temporary, target);
    } finally {
      await unlink(temporary);
    }
  }

  async read(dir: string, name: string): Promise<Buffer | undefined> {
    return ifExists(readFile(this.locate(dir, name)));
  }

  async remove(dir: string, name: string): Promise<void> {
    await ifExists(unlink(this.locate(dir, name)));
  }

  async list(dir: UploadDir, after: string | undefined, limit: number): Promise<string[]> {
    const names = (await ifExists(readdir(path.join(this.root, dir)))) ?? [];
    return names
      .filter((name) => isStoredName(name) && (after === undefined || name > after))
      .sort()
      .slice(0, limit);
  }

  /** Where a stored file lives on disk (tests and operators). */
  fileFor(dir: UploadDir, name: string): string {
    return this.locate(dir, name);
  }
}
