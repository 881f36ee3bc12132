import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../src/cli/run-cli.js';
import { createLogger } from '../../src/lib/logger.js';
import { DatabaseUploadStorage, sha256Hex } from '../../src/modules/uploads/database-storage.js';
import { DiskUploadStorage } from '../../src/modules/uploads/disk-storage.js';
import { moveUploads } from '../../src/modules/uploads/move-uploads.js';
import {
  createSignedInUser,
  createTestApp,
  runCliOn,
  uploadFiles,
  type SignedInUser,
  type TestApp,
} from '../helpers.js';
import { pngPart, solidPng } from '../images.js';

/*
 * `move-uploads --to database|disk`: every stored picture goes to the other store, each copy
 * checked by SHA-256 before the original is removed. A stopped move (--limit here, a crash in
 * life) continues when run again; a copy whose bytes differ is refused and both are kept.
 */

let t: TestApp;
let user: SignedInUser;
let disk: DiskUploadStorage;
let database: DatabaseUploadStorage;

beforeAll(async () => {
  t = await createTestApp();
  user = await createSignedInUser(t);
  disk = new DiskUploadStorage(t.config.uploadDir);
  database = new DatabaseUploadStorage(t.db, t.clock);
});
afterAll(() => t.close());

const cli = (...argv: string[]) => runCliOn(t, ...argv);

/** Uploads `count` different pictures (disk mode) and answers their names and served bytes. */
async function uploadPictures(count: number): Promise<Map<string, Buffer>> {
  const pictures = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    const colour = `#${(0x102030 + i * 0x0f0f0f).toString(16).slice(-6)}`;
    const response = await uploadFiles(t, user.tokens.access_token, [
      pngPart(await solidPng(32 + i, 32, colour)),
    ]);
    expect(response.statusCode).toBe(201);
    const publicPath = response.json().data.path as string;
    const served = await t.app.inject({ method: 'GET', url: publicPath });
    pictures.set(path.basename(publicPath), served.rawPayload);
  }
  return pictures;
}

const onDisk = () => {
  const folder = path.join(t.config.uploadDir, 'users');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};
const inDatabase = async () => (await database.list('users', undefined, 1000)).sort();

/** An app on the same database and folder that serves from `storage`. */
async function servingFrom(storage: 'disk' | 'database') {
  const app = await buildApp(
    { ...t.config, uploadStorage: storage },
    { database: t.database, logger: createLogger('silent'), clock: t.clock },
  );
  await app.ready();
  return app;
}

describe('move-uploads', () => {
  it('refuses a bad --to or --limit as a usage error, before touching anything', async () => {
    expect(await cli('move-uploads')).toMatchObject({
      code: EXIT_USAGE,
      stderr: expect.stringContaining('--to is required'),
    });
    expect(await cli('move-uploads', '--to', 's3')).toMatchObject({
      code: EXIT_USAGE,
      stderr: expect.stringContaining('--to: must be one of disk, database'),
    });
    expect(await cli('move-uploads', '--to', 'database', '--limit', '0')).toMatchObject({
      code: EXIT_USAGE,
      stderr: expect.stringContaining('--limit'),
    });
  });

  it('moves to the database and back, continuing a stopped move without duplicates or losses', async () => {
    const pictures = await uploadPictures(4);
    const names = [...pictures.keys()].sort();
    expect(onDisk()).toEqual(names);

    // A move that stops after two pictures.
    const first = await cli('move-uploads', '--to', 'database', '--limit', '2');
    expect(first.code).toBe(EXIT_OK);
    expect(first.stdout).toContain('Moved 2 pictures from UPLOAD_DIR to the database.');
    expect(first.stdout).toContain('Stopped at --limit');
    expect(first.stdout).toContain('Set UPLOAD_STORAGE=database');
    expect(await inDatabase()).toEqual(names.slice(0, 2));
    expect(onDisk()).toEqual(names.slice(2));

    // One more was copied when it stopped (a crash between the copy and the removal).
    const copied = names[2]!;
    await database.write('users', copied, pictures.get(copied)!);

    const second = await cli('move-uploads', '--to', 'database');
    expect(second.code).toBe(EXIT_OK);
    expect(second.stdout).toContain('Moved 1 picture from UPLOAD_DIR to the database.');
    expect(second.stdout).toContain(
      '1 picture was already there from a stopped move: removed from UPLOAD_DIR.',
    );
    expect(second.stdout).not.toContain('Stopped at --limit');
    expect(onDisk()).toEqual([]);
    expect(await inDatabase()).toEqual(names);
    const rows = await t.db.selectFrom('upload_blobs').select(['name', 'sha256', 'size']).execute();
    for (const row of rows) {
      expect(row.sha256).toBe(sha256Hex(pictures.get(row.name)!));
      expect(row.size).toBe(pictures.get(row.name)!.length);
    }

    // A database-mode app serves every one of them, byte for byte.
    const fromDatabase = await servingFrom('database');
    try {
      for (const [name, bytes] of pictures) {
        const served = await fromDatabase.inject({
          method: 'GET',
          url: `/api/files/users/${name}`,
        });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
    } finally {
      await fromDatabase.close();
    }

    // Nothing left to move: running it again does nothing.
    const idle = await cli('move-uploads', '--to', 'database');
    expect(idle.stdout).toContain('Moved 0 pictures');

    // And back to the disk, stopped once and continued.
    expect((await cli('move-uploads', '--to', 'disk', '--limit', '3')).stdout).toContain(
      'Moved 3 pictures from the database to UPLOAD_DIR.',
    );
    const back = await cli('move-uploads', '--to', 'disk');
    expect(back.code).toBe(EXIT_OK);
    expect(back.stdout).toContain('Moved 1 picture from the database to UPLOAD_DIR.');
    expect(back.stdout).not.toContain('Set UPLOAD_STORAGE');
    expect(await inDatabase()).toEqual([]);
    expect(onDisk()).toEqual(names);
    for (const [name, bytes] of pictures) {
      expect((await disk.read('users', name))!.equals(bytes)).toBe(true);
      const served = await t.app.inject({ method: 'GET', url: `/api/files/users/${name}` });
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a copy whose bytes differ: both are kept, nothing is overwritten or removed', async () => {
    const pictures = await uploadPictures(1);
    const [name, bytes] = [...pictures][0]!;
    // The target already holds other bytes under that name.
    const other = Buffer.from('some other bytes');
    await database.write('users', name, other);

    const result = await cli('move-uploads', '--to', 'database');
    expect(result.code).toBe(EXIT_FAILURE);
    expect(result.stderr).toContain(`1 picture differs between the stores (SHA-256)`);
    expect(result.stderr).toContain(`users/${name}`);
    expect((await disk.read('users', name))!.equals(bytes)).toBe(true);
    expect((await database.read('users', name))!.equals(other)).toBe(true);

    // The same the other way round.
    const reverse = await cli('move-uploads', '--to', 'disk');
    expect(reverse.code).toBe(EXIT_FAILURE);
    expect(reverse.stderr).toContain(`users/${name}`);
    expect((await disk.read('users', name))!.equals(bytes)).toBe(true);
    expect((await database.read('users', name))!.equals(other)).toBe(true);
    await database.remove('users', name);
  });

  it('pages through a store: every picture moves whatever the page size', async () => {
    await uploadPictures(5);
    // With the pictures the tests above left: more than two pages, and an odd count.
    const names = onDisk();
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(await moveUploads(disk, database, { pageSize: 2 })).toEqual({
      moved: names.length,
      resumed: 0,
      mismatched: [],
      more: false,
    });
    expect(await inDatabase()).toEqual(names);
    expect(onDisk()).toEqual([]);
    expect(await moveUploads(database, disk, { pageSize: 2 })).toMatchObject({
      moved: names.length,
    });
    expect(await inDatabase()).toEqual([]);
    expect(onDisk()).toEqual(names);
  });

  it('moves only stored names: a stray file in the folder is left alone', async () => {
    const stray = path.join(t.config.uploadDir, 'users', 'notes.txt');
    writeFileSync(stray, 'not a picture');
    const result = await cli('move-uploads', '--to', 'database');
    expect(result.code).toBe(EXIT_OK);
    expect(existsSync(stray)).toBe(true);
    expect(await inDatabase()).not.toContain('notes.txt');
  });
});
