import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import { UNREFERENCED_UPLOAD_TTL_MS } from '../../src/modules/uploads/uploads.service.js';
import {
  bearer,
  createSignedInAdmin,
  createSignedInUser,
  uploadFiles,
  type SignedInUser,
  type TestApp,
  createTestApp,
} from '../helpers.js';
import { pngPart, solidJpeg, solidPng } from '../images.js';

/*
 * UPLOAD_STORAGE=database: pictures are rows of `upload_blobs`, served as from the disk (same
 * headers, ETag and caching), and every deletion rule removes them there. Only requests'
 * incoming files touch UPLOAD_DIR, and only while the request lasts.
 */

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_STORAGE: 'database' } });
  user = await createSignedInUser(t);
});
afterAll(() => t.close());

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const nameOf = (publicPath: string) => path.basename(publicPath);
const blob = (publicPath: string) =>
  t.db
    .selectFrom('upload_blobs')
    .selectAll()
    .where('dir', '=', 'users')
    .where('name', '=', nameOf(publicPath))
    .executeTakeFirst();
const getFile = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function upload(owner: SignedInUser, data?: Buffer): Promise<{ path: string; size: number }> {
  const response = await uploadFiles(t, owner.tokens.access_token, [
    pngPart(data ?? (await solidPng(40, 40))),
  ]);
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

const setPicture = (owner: SignedInUser, imageUrl: string | null) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/profile',
    headers: bearer(owner.tokens.access_token),
    payload: { fullName: owner.fullName ?? 'Someone', imageUrl },
  });

describe('UPLOAD_STORAGE=database', () => {
  it('stores the re-encoded picture in upload_blobs with its size and SHA-256, and no file', async () => {
    const uploaded = await upload(user, await solidPng(800, 600));
    const row = await blob(uploaded.path);
    expect(row).toMatchObject({ dir: 'users', name: nameOf(uploaded.path), size: uploaded.size });
    expect(row!.bytes.length).toBe(uploaded.size);
    expect(row!.sha256).toBe(sha256(Buffer.from(row!.bytes)));
    // Nothing stored on disk; the request's incoming folder is gone.
    expect(existsSync(path.join(t.config.uploadDir, 'users'))).toBe(false);
    expect(readdirSync(path.join(t.config.uploadDir, '.incoming'))).toEqual([]);
  });

  it('serves it with the same headers, ETag and caching as the disk, and 304 for its ETag', async () => {
    const jpeg = await solidJpeg(64, 64);
    const uploaded = (
      await uploadFiles(t, user.tokens.access_token, [
        { field: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg },
      ])
    ).json().data;
    const response = await getFile(uploaded.path);
    expect(response.statusCode).toBe(200);
    const stored = await blob(uploaded.path);
    expect(response.rawPayload.equals(Buffer.from(stored!.bytes))).toBe(true);
    const etag = `"${createHash('sha256').update(response.rawPayload).digest('base64url')}"`;
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': `inline; filename="${nameOf(uploaded.path)}"`,
      etag,
    });
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'/);

    const cached = await getFile(uploaded.path, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers).toMatchObject({
      etag,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect((await getFile(uploaded.path, { 'if-none-match': '*' })).statusCode).toBe(304);
    expect((await getFile(uploaded.path, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('answers 404 for a name with no upload row, even when a blob of that name exists', async () => {
    const name = '5a1e7f10-0000-4000-8000-000000000000.png';
    await t.db
      .insertInto('upload_blobs')
      .values({
        dir: 'users',
        name,
        bytes: Buffer.from('not ours'),
        size: 8,
        sha256: sha256(Buffer.from('not ours')),
        created_at: toIso(t.clock.now()),
      })
      .execute();
    expect((await getFile(`/api/files/users/${name}`)).statusCode).toBe(404);
  });

  it('removes the old picture when a new one replaces it, and the last when it is cleared', async () => {
    const first = await upload(user);
    expect((await setPicture(user, first.path)).statusCode).toBe(200);
    const second = await upload(user);
    expect((await setPicture(user, second.path)).statusCode).toBe(200);
    expect(await blob(first.path)).toBeUndefined();
    expect((await getFile(first.path)).statusCode).toBe(404);
    expect((await getFile(second.path)).statusCode).toBe(200);

    expect((await setPicture(user, null)).statusCode).toBe(200);
    expect(await blob(second.path)).toBeUndefined();
    expect((await getFile(second.path)).statusCode).toBe(404);
  });

  it('removes a deleted user’s pictures', async () => {
    const admin = await createSignedInAdmin(t);
    const leaving = await createSignedInUser(t);
    const picture = await upload(leaving);
    expect((await setPicture(leaving, picture.path)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${leaving.id}`,
      headers: bearer(admin.tokens.access_token),
    });
    expect(removed.statusCode).toBe(200);
    expect(await blob(picture.path)).toBeUndefined();
  });

  it('sweeps unreferenced pictures from the database once a day old, and keeps used ones', async () => {
    const owner = await createSignedInUser(t);
    const abandoned = await upload(owner);
    const used = await upload(owner);
    expect((await setPicture(owner, used.path)).statusCode).toBe(200);

    await t.services.uploads.sweep(t.clock.now());
    expect(await blob(abandoned.path)).toBeDefined();

    const removed = await t.services.uploads.sweep(
      t.clock.now() + UNREFERENCED_UPLOAD_TTL_MS + 60_000,
    );
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await blob(abandoned.path)).toBeUndefined();
    expect((await getFile(abandoned.path)).statusCode).toBe(404);
    expect(await blob(used.path)).toBeDefined();
    expect((await getFile(used.path)).statusCode).toBe(200);
  });

  it('retention removes an expired account’s pictures from the database', async () => {
    const stale = await createSignedInUser(t);
    const picture = await upload(stale);
    expect((await setPicture(stale, picture.path)).statusCode).toBe(200);
    const spare = await upload(stale);
    const longAgo = (days: number) => toIso(t.clock.now() - days * 86_400_000);
    await t.db
      .updateTable('users')
      .set({ last_login_at: longAgo(366), created_at: longAgo(400) })
      .where('id', '=', stale.id)
      .execute();

    const report = await t.services.retention.run();
    expect(report).toMatchObject({ ran: true });
    expect(report.expiredAccounts).toBeGreaterThanOrEqual(1);
    expect(await blob(picture.path)).toBeUndefined();
    expect(await blob(spare.path)).toBeUndefined();
  });
});
