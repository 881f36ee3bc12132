import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../images.js';
import type { ServerProcess } from '../server-process.js';
import { call } from './process-http.js';
import { startTwinProcesses, type Twin, type TwinProcesses } from './twin-processes.js';

/**
 * Issue 38's first "done when": two real API processes with UPLOAD_STORAGE=database on one
 * database (PostgreSQL in the api:postgres run) and each with its own UPLOAD_DIR, no folder
 * shared, serve each other's pictures. Run only with TEST_REDIS_URL, as the rest of this folder.
 */
const ADMIN = { email: 'pictures@example.com', password: 'Harbor-Finch-19' };

let twins: TwinProcesses;
let a: ServerProcess;
let b: ServerProcess;
let admin: TokenPair;

const uploadDirOf = (twin: Twin, dir = twins.dir) => path.join(dir, `uploads-${twin}`);

beforeAll(async () => {
  twins = await startTwinProcesses({
    name: 'shared-pictures',
    admin: ADMIN,
    env: { UPLOAD_STORAGE: 'database' },
    envOf: (twin, dir) => ({ UPLOAD_DIR: uploadDirOf(twin, dir) }),
  });
  ({ a, b, admin } = twins);
}, 90_000);

afterAll(async () => expect(await twins?.stop()).toEqual([0, 0]));

/** One picture uploaded over real HTTP (multipart) to that process; answers its public path. */
async function upload(server: ServerProcess, side: number): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await solidPng(side, side))], { type: 'image/png' }),
    'me.png',
  );
  const response = await fetch(`${server.url}/api/uploads?dir=users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.access_token}`, 'x-forwarded-for': '198.51.100.1' },
    body: form,
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as { data: { path: string } }).data.path;
}

const get = (server: ServerProcess, url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { headers });

/** The files a process keeps in its own UPLOAD_DIR besides requests' incoming folders. */
const storedOnDisk = (twin: Twin) =>
  existsSync(uploadDirOf(twin))
    ? readdirSync(uploadDirOf(twin)).filter((name) => name !== '.incoming')
    : [];

describe('two processes with UPLOAD_STORAGE=database and separate UPLOAD_DIRs', () => {
  it('each serves the pictures uploaded through the other, with the same bytes and ETag', async () => {
    const viaA = await upload(a, 40);
    const viaB = await upload(b, 48);
    for (const picture of [viaA, viaB]) {
      const [fromA, fromB] = await Promise.all([get(a, picture), get(b, picture)]);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      const [bytesA, bytesB] = [
        Buffer.from(await fromA.arrayBuffer()),
        Buffer.from(await fromB.arrayBuffer()),
      ];
      expect(bytesA.length).toBeGreaterThan(0);
      expect(bytesA.equals(bytesB)).toBe(true);
      expect(fromA.headers.get('content-type')).toBe('image/png');
      expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = fromA.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(fromB.headers.get('etag')).toBe(etag);
      // A browser that fetched it from one process revalidates against the other: 304.
      expect((await get(b, picture, { 'if-none-match': etag! })).status).toBe(304);
      expect((await get(a, picture, { 'if-none-match': etag! })).status).toBe(304);
    }
    // Neither process stored a picture in its own folder.
    expect(storedOnDisk('a')).toEqual([]);
    expect(storedOnDisk('b')).toEqual([]);
  });

  it('a picture replaced through one process is gone from the other', async () => {
    const first = await upload(a, 56);
    const profile = (server: ServerProcess, imageUrl: string) =>
      call(server, 'PATCH', '/api/users/profile', {
        token: admin.access_token,
        body: { fullName: 'Pat Pictures', imageUrl },
      });
    expect((await profile(b, first)).status).toBe(200);
    const second = await upload(b, 60);
    expect((await profile(a, second)).status).toBe(200);
    expect((await get(b, first)).status).toBe(404);
    expect((await get(a, first)).status).toBe(404);
    expect((await get(b, second)).status).toBe(200);
  });
});
