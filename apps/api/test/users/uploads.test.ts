import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_MESSAGES, VALIDATION_MESSAGES } from '@staff-admin/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../src/modules/uploads/uploads.messages.js';
import { MAX_FILES_PER_UPLOAD } from '../../src/modules/uploads/uploads.routes.js';
import { UNREFERENCED_UPLOAD_TTL_MS } from '../../src/modules/uploads/uploads.service.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  uploadedFilePath,
  uploadFiles,
  type TestApp,
} from '../helpers.js';
import {
  gif,
  hugeSolidPng,
  jpegWithGps,
  sidewaysJpeg,
  solidJpeg,
  solidPng,
  svg,
  type FilePart,
} from '../images.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await loginTokens(t, await createUser(t))).access_token;
});
afterAll(() => t.close());

const file = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): FilePart => ({
  field: 'file',
  filename,
  contentType,
  data,
});

const upload = (parts: FilePart[], { url = '/api/uploads?dir=users', auth = token } = {}) =>
  uploadFiles(t, auth, parts, url);

const getFile = (url: string) => t.app.inject({ method: 'GET', url });
const usersDir = () => path.join(t.config.uploadDir, 'users');
const storedFiles = () => (existsSync(usersDir()) ? readdirSync(usersDir()).sort() : []);
const uploadRows = () => t.db.selectFrom('uploads').selectAll().execute();
const diskPath = (publicPath: string) => uploadedFilePath(t, publicPath);

describe('POST /api/uploads', () => {
  it('stores a PNG re-encoded as a square PNG under a generated name and records it', async () => {
    const response = await upload([file(await solidPng(800, 600), '../../My Photo.png')]);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      path: expect.stringMatching(/^\/api\/files\/users\/[0-9a-f-]{36}\.png$/),
      originalName: 'My Photo.png',
      size: expect.any(Number),
    });
    const onDisk = diskPath(data.path);
    const meta = await sharp(onDisk).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    expect((await sharp(onDisk).toBuffer()).length).toBeGreaterThan(0);
    const row = (await uploadRows()).find((r) => r.path === data.path);
    expect(row).toMatchObject({ dir: 'users', content_type: 'image/png', size: data.size });
  });

  it('keeps JPEG as JPEG, never enlarges, and ignores the declared type and name', async () => {
    const response = await upload([file(await solidJpeg(300, 200), 'face.png', 'image/png')]);
    expect(response.statusCode).toBe(201);
    const { path: stored } = response.json().data;
    expect(stored).toMatch(/\.jpg$/);
    const meta = await sharp(diskPath(stored)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 200]);
  });

  it('strips EXIF and GPS metadata', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('Leaky 3000');
    const response = await upload([file(input, 'gps.jpg', 'image/jpeg')]);
    expect(response.statusCode).toBe(201);
    const stored = await getFile(response.json().data.path);
    const after = await sharp(stored.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(stored.rawPayload.toString('latin1')).not.toContain('Leaky 3000');
    expect(stored.rawPayload.toString('latin1')).not.toContain('TestCam');
  });

  it('turns a picture upright by its EXIF orientation before cropping', async () => {
    const response = await upload([file(await sidewaysJpeg(), 'side.jpg', 'image/jpeg')]);
    expect(response.statusCode).toBe(201);
    const { data, info } = await sharp(diskPath(response.json().data.path))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    // Upright, the blue half is on the left and the red half on the right.
    const [leftRed, , leftBlue] = pixel(10, 100);
    const [rightRed, , rightBlue] = pixel(190, 100);
    expect(leftBlue).toBeGreaterThan(200);
    expect(leftRed).toBeLessThan(60);
    expect(rightRed).toBeGreaterThan(200);
    expect(rightBlue).toBeLessThan(60);
  });

  it.each([
    ['a text file renamed .png', Buffer.from('just some text, honestly'), 'notes.png', 'image/png'],
    ['an SVG', svg(), 'logo.svg', 'image/svg+xml'],
    ['an SVG named .png', svg(), 'logo.png', 'image/png'],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png', 'image/png'],
  ])('refuses %s with 415', async (_label, data, filename, contentType) => {
    const before = storedFiles();
    const response = await upload([file(data, filename, contentType)]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 415, message: VALIDATION_MESSAGES.fileTypeInvalid });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a GIF with 415', async () => {
    const response = await upload([file(await gif(), 'anim.png', 'image/png')]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(VALIDATION_MESSAGES.fileTypeInvalid);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([await solidPng(10, 10), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const response = await upload([file(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, message: VALIDATION_MESSAGES.fileTooLarge });
  });

  it('refuses a 20000×20000 PNG (small on disk) before decoding it', async () => {
    const bomb = hugeSolidPng();
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    const response = await upload([file(bomb, 'bomb.png')]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.dimensionsTooLarge);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers 400 without a file, for a form without the field and for a JSON body', async () => {
    const empty = await upload([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(UPLOAD_MESSAGES.noFile);

    const wrongField = await upload([{ ...file(await solidPng()), field: 'picture' }]);
    expect(wrongField.statusCode).toBe(400);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?dir=users',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_MESSAGES.noFile);
  });

  it('answers 400 for a folder that is not an upload folder', async () => {
    for (const dir of ['', 'other', '..', '../users', 'users/..']) {
      const response = await upload([file(await solidPng())], {
        url: `/api/uploads?dir=${encodeURIComponent(dir)}`,
      });
      expect(response.statusCode, dir).toBe(400);
    }
    const missing = await upload([file(await solidPng())], { url: '/api/uploads' });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 401 without a token and stores nothing', async () => {
    const before = storedFiles();
    const response = await upload([file(await solidPng())], { auth: 'not-a-token' });
    expect(response.statusCode).toBe(401);
    expect(storedFiles()).toEqual(before);
  });
});

describe('POST /api/uploads/multiple', () => {
  const files = (data: Buffer, count: number) =>
    Array.from({ length: count }, (_, i) => ({ ...file(data, `p${i}.png`), field: 'files' }));

  it('stores each file and answers them in order', async () => {
    const png = await solidPng(100, 100);
    const jpeg = await solidJpeg(100, 100);
    const response = await upload(
      [
        { ...file(png, 'one.png'), field: 'files' },
        { ...file(jpeg, 'two.jpg', 'image/jpeg'), field: 'files' },
      ],
      { url: '/api/uploads/multiple?dir=users' },
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.map((f: { originalName: string }) => f.originalName)).toEqual([
      'one.png',
      'two.jpg',
    ]);
    expect(data[0].path).toMatch(/\.png$/);
    expect(data[1].path).toMatch(/\.jpg$/);
    for (const stored of data) expect(existsSync(diskPath(stored.path))).toBe(true);
  });

  it('stores none when one file is refused', async () => {
    const before = storedFiles();
    const rowsBefore = (await uploadRows()).length;
    const response = await upload(
      [...files(await solidPng(50, 50), 2), { ...file(svg(), 'x.png'), field: 'files' }],
      { url: '/api/uploads/multiple?dir=users' },
    );
    expect(response.statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);
    expect(await uploadRows()).toHaveLength(rowsBefore);
  });

  it(`refuses more than ${MAX_FILES_PER_UPLOAD} files with 413`, async () => {
    const response = await upload(files(await solidPng(20, 20), MAX_FILES_PER_UPLOAD + 1), {
      url: '/api/uploads/multiple?dir=users',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.tooManyFiles);
  });

  it('answers 400 without files', async () => {
    const response = await upload([], { url: '/api/uploads/multiple?dir=users' });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/files/:dir/:name', () => {
  it('serves a stored file with its type and safe headers', async () => {
    const uploaded = (await upload([file(await solidPng(64, 64))])).json().data;
    const response = await getFile(uploaded.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="${path.basename(uploaded.path)}"`,
    );
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(response.rawPayload.length).toBe(uploaded.size);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(64);
  });

  it('answers an ETag of the bytes, and 304 without a body when the client has them', async () => {
    const uploaded = (await upload([file(await solidPng(48, 48))])).json().data;
    const first = await getFile(uploaded.path);
    const etag = `"${createHash('sha256').update(first.rawPayload).digest('base64url')}"`;
    expect(first.headers.etag).toBe(etag);
    const again = await t.app.inject({
      method: 'GET',
      url: uploaded.path,
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const changed = await t.app.inject({
      method: 'GET',
      url: uploaded.path,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers 404 for unknown names and for every kind of path trickery', async () => {
    // A real file in the upload folder that no upload row names, and a secret next to it.
    mkdirSync(usersDir(), { recursive: true });
    writeFileSync(path.join(usersDir(), 'planted.png'), 'not ours');
    const uuid = '5a1e7f10-0000-4000-8000-000000000000';
    const urls = [
      `/api/files/users/${uuid}.png`,
      '/api/files/users/planted.png',
      '/api/files/users/..%2f..%2fauth-secret',
      '/api/files/users/..%2F..%2Ftest.db',
      '/api/files/users/%2e%2e%2f%2e%2e%2fauth-secret',
      '/api/files/..%2f..%2f/auth-secret',
      '/api/files/users/../../auth-secret',
      '/api/files/../auth-secret',
      '/api/files//etc/passwd',
      '/api/files/users/%2Fetc%2Fpasswd',
      '/api/files/%2Fetc/passwd',
      `/api/files/USERS/${uuid}.png`,
      `/api/files/users/${uuid}.PNG`,
      '/api/files/users',
    ];
    for (const url of urls) {
      const response = await getFile(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('not ours');
    }
    // A NUL is refused before anything is looked up (apps/api/src/http/validator.ts).
    const nul = await getFile(`/api/files/users/${uuid}.png%00.txt`);
    expect(nul.statusCode).toBe(400);
    expect(nul.body).not.toContain('not ours');
  });
});

describe('sweeping unreferenced uploads', () => {
  it('removes uploads no user points at once they are a day old, and keeps the rest', async () => {
    const owner = await createUser(t);
    const ownerToken = (await loginTokens(t, owner)).access_token;
    const abandoned = (await upload([file(await solidPng(40, 40))], { auth: ownerToken })).json()
      .data.path as string;
    const used = (await upload([file(await solidPng(40, 40))], { auth: ownerToken })).json().data
      .path as string;
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: bearer(ownerToken),
      payload: { fullName: 'Has A Picture', imageUrl: used },
    });
    expect(saved.statusCode).toBe(200);

    // Not a day old yet: nothing goes.
    await t.services.uploads.sweep(Date.now());
    expect(existsSync(diskPath(abandoned))).toBe(true);

    const removed = await t.services.uploads.sweep(
      Date.now() + UNREFERENCED_UPLOAD_TTL_MS + 60_000,
    );
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(existsSync(diskPath(abandoned))).toBe(false);
    expect((await getFile(abandoned)).statusCode).toBe(404);
    const paths = (await uploadRows()).map((row) => row.path);
    expect(paths).not.toContain(abandoned);
    expect(paths).toContain(used);
    expect(existsSync(diskPath(used))).toBe(true);
    expect((await getFile(used)).statusCode).toBe(200);
  });
});

it('answers uploads errors in the contract shape, never 500', async () => {
  const response = await upload([
    file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ]);
  expect([400, 415]).toContain(response.statusCode);
  expect(response.json().message).not.toBe(API_MESSAGES.internalError);
});
