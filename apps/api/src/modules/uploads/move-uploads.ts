import { UPLOAD_DIRS } from '@staff-admin/shared';
import { sha256Hex } from './database-storage.js';
import type { UploadStorage } from './upload-storage.js';

const PAGE = 200;

export interface MoveReport {
  /** Copied, checked and removed from the source. */
  moved: number;
  /** Already in the target with the same bytes (a move that stopped before removing them). */
  resumed: number;
  /** In both stores with different bytes: left in both, untouched. `<dir>/<name>`. */
  mismatched: string[];
  /** Stopped at `limit` with files left to move. */
  more: boolean;
}

/**
 * Moves every stored file from one store to another, one at a time: copied, read back from the
 * target and compared by SHA-256 with the source, and only then removed from the source. A move
 * that stops (a crash, or `limit`) is continued by running it again: a file already in the
 * target with the same bytes is only removed from the source; one whose bytes differ is
 * reported and kept in both, never overwritten.
 */
export async function moveUploads(
  from: UploadStorage,
  to: UploadStorage,
  { limit = Infinity, pageSize = PAGE }: { limit?: number; pageSize?: number } = {},
): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, resumed: 0, mismatched: [], more: false };
  for (const dir of UPLOAD_DIRS) {
    let after: string | undefined;
    for (;;) {
      const names = await from.list(dir, after, pageSize);
      for (const name of names) {
        if (report.moved + report.resumed >= limit) {
          report.more = true;
          return report;
        }
        const source = await from.read(dir, name);
        // Removed meanwhile (the upload sweep, say): nothing to move.
        if (!source) continue;
        const expected = sha256Hex(source);
        let copy = await to.read(dir, name);
        const resumed = copy !== undefined;
        if (!copy) {
          await to.write(dir, name, source);
          copy = await to.read(dir, name);
        }
        if (!copy || sha256Hex(copy) !== expected) {
          report.mismatched.push(`${dir}/${name}`);
          continue;
        }
        await from.remove(dir, name);
        if (resumed) report.resumed += 1;
        else report.moved += 1;
      }
      if (names.length < pageSize) break;
      after = names.at(-1);
    }
  }
  return report;
}
