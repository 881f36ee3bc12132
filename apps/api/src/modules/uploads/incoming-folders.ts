import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ifExists } from './if-exists.js';

/** Where requests' files wait (as received) while they are checked: beside the stored ones. */
const INCOMING = '.incoming';

/**
 * One folder per request for the files it receives, under UPLOAD_DIR/.incoming whatever the
 * storage: scratch space of this process on its own disk, removed when the request ends. Under
 * UPLOAD_DIR rather than the system temp folder, which may live in memory (tmpfs).
 */
export class IncomingFolders {
  constructor(private readonly uploadDir: string) {}

  /** A new, empty folder; the caller removes it with `remove`. */
  async create(): Promise<string> {
    const root = path.join(this.uploadDir, INCOMING);
    await mkdir(root, { recursive: true, mode: 0o700 });
    return mkdtemp(path.join(root, 'request-'));
  }

  async remove(folder: string): Promise<void> {
    await rm(folder, { recursive: true, force: true });
  }

  /** Removes folders left by a crash: those last changed before `cutoff` (ms). */
  async removeStale(cutoff: number): Promise<number> {
    const root = path.join(this.uploadDir, INCOMING);
    let removed = 0;
    for (const name of (await ifExists(readdir(root))) ?? []) {
      const folder = path.join(root, name);
      // Another process may be removing it too.
      const changed = await ifExists(stat(folder));
      if (changed && changed.mtimeMs < cutoff) {
        await this.remove(folder);
        removed += 1;
      }
    }
    return removed;
  }
}
