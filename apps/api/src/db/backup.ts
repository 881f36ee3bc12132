import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupResult {
  file: string;
  bytes: number;
}

/**
 * Copies a live SQLite database with SQLite's online backup API (better-sqlite3's `backup`): a
 * consistent snapshot while the server keeps reading and writing, unlike copying the file (which
 * can tear, and misses what is still in the -wal file). Written to `<targetDir>/<time>.db`.
 */
export async function backupSqlite(
  filename: string,
  targetDir: string,
  now: Date = new Date(),
): Promise<BackupResult> {
  mkdirSync(targetDir, { recursive: true });
  const file = path.join(targetDir, `${now.toISOString().replace(/[:.]/g, '-')}.db`);
  const source = new SQLite(filename, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(file);
  } finally {
    source.close();
  }
  return { file, bytes: statSync(file).size };
}
