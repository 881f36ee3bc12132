import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IMAGE_PROCESSING_CONCURRENCY,
  imageProcessingSlots,
} from '../../src/modules/uploads/image-processing.js';
import { UPLOAD_REQUEST_MAX_BYTES } from '../../src/http/multipart-reader.js';
import { UPLOAD_MESSAGES } from '../../src/modules/uploads/uploads.messages.js';
import { MAX_FILES_PER_UPLOAD } from '../../src/modules/uploads/uploads.routes.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  uploadFiles,
  type TestApp,
} from '../helpers.js';
import { multipart, pngPart, solidPng, type FilePart } from '../images.js';

/**
 * Uploads cannot fill the disk or the memory (pen test, issue 10, finding 2): each user keeps a
 * bounded number and size of uploads nobody's picture points at (429), a call carries at most
 * MAX_FILES_PER_UPLOAD files and UPLOAD_REQUEST_MAX_BYTES (413), bodies go to disk as they
 * arrive, and only IMAGE_PROCESSING_CONCURRENCY pictures are decoded at once. ASVS 5.0 V5.2.1
 * (size), V5.2.4 (per-user quota), V2.4.1 (anti-automation), V15.2.2 (resource-demanding work).
 */
const UNUSED_MAX_FILES = 3;
/** Room for one noisy picture (about 49 KB once re-encoded), not two. */
const UNUSED_MAX_BYTES = 70_000;
const DAY_SECONDS = 24 * 60 * 60;
/** The per-address limit on calls is client-ip.test.ts's subject, not this file's. */
const MANY_CALLS = { UPLOADS_PER_MINUTE: '10000' };

let limited: TestApp;
let t: TestApp;

beforeAll(async () => {
  [limited, t] = await Promise.all([
    createTestApp({
      env: {
        ...MANY_CALLS,
        UPLOAD_UNUSED_MAX_FILES: String(UNUSED_MAX_FILES),
        UPLOAD_UNUSED_MAX_BYTES: String(UNUSED_MAX_BYTES),
      },
    }),
    createTestApp({ env: MANY_CALLS }),
  ]);
});
afterAll(() => Promise.all([limited.close(), t.close()]));

const signIn = async (app: TestApp) => {
  const user = await createUser(app);
  return { user, token: (await loginTokens(app, user)).access_token };
};

/** 128×128 random pixels: PNG cannot compress them, so the stored file stays about 49 KB. */
const noisyPng = () =>
  sharp(randomBytes(128 * 128 * 3), { raw: { width: 128, height: 128, channels: 3 } })
    .png()
    .toBuffer();

const filesPart = (data: Buffer, index: number): FilePart => ({
  ...pngPart(data, `p${index}.png`),
  field: 'files',
});
const MULTIPLE = '/api/uploads/multiple?dir=users';

const unusedRows = (app: TestApp, ownerId: string) =>
  app.db.selectFrom('uploads').select(['path', 'size']).where('owner_id', '=', ownerId).execute();
const storedFiles = (app: TestApp) => {
  const dir = path.join(app.config.uploadDir, 'users');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const incomingDir = (app: TestApp) => path.join(app.config.uploadDir, '.incoming');
const incoming = (app: TestApp) =>
  existsSync(incomingDir(app)) ? readdirSync(incomingDir(app)) : [];

function expectTooManyUnused(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ code: 429, message: UPLOAD_MESSAGES.tooManyUnused });
  // Until the oldest unused upload is a day old and swept.
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(DAY_SECONDS);
}

describe('unused uploads per user', () => {
  it('answers 429 once a user keeps UPLOAD_UNUSED_MAX_FILES unused uploads, before reading the body', async () => {
    const { user, token } = await signIn(limited);
    const png = await solidPng(32, 32);
    for (let i = 0; i < UNUSED_MAX_FILES; i += 1) {
      expect((await uploadFiles(limited, token, [pngPart(png)])).statusCode).toBe(201);
    }
    const files = storedFiles(limited);

    expectTooManyUnused(await uploadFiles(limited, token, [pngPart(png)]));
    // A body that is not even multipart: refused for the quota before anyone reads it.
    const unread = await limited.app.inject({
      method: 'POST',
      url: '/api/uploads?dir=users',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'not a form',
    });
    expectTooManyUnused(unread);
    expect(await unusedRows(limited, user.id)).toHaveLength(UNUSED_MAX_FILES);
    expect(storedFiles(limited)).toEqual(files);

    // Per user, not per address: someone else on the same address still uploads.
    const other = await signIn(limited);
    expect((await uploadFiles(limited, other.token, [pngPart(png)])).statusCode).toBe(201);

    // A saved picture is no longer unused: room for one more.
    const [saved] = await unusedRows(limited, user.id);
    const profile = await limited.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { fullName: 'Has A Picture', imageUrl: saved!.path },
    });
    expect(profile.statusCode).toBe(200);
    expect((await uploadFiles(limited, token, [pngPart(png)])).statusCode).toBe(201);
    expectTooManyUnused(await uploadFiles(limited, token, [pngPart(png)]));
  });

  it('counts every file of a call: one that would go over stores none', async () => {
    const { user, token } = await signIn(limited);
    const png = await solidPng(24, 24);
    const first = await uploadFiles(
      limited,
      token,
      [filesPart(png, 0), filesPart(png, 1)],
      MULTIPLE,
    );
    expect(first.statusCode).toBe(201);
    const files = storedFiles(limited);

    const over = await uploadFiles(
      limited,
      token,
      [filesPart(png, 2), filesPart(png, 3)],
      MULTIPLE,
    );
    expectTooManyUnused(over);
    expect(await unusedRows(limited, user.id)).toHaveLength(2);
    expect(storedFiles(limited)).toEqual(files);
  });

  it('caps the bytes of unused uploads too (UPLOAD_UNUSED_MAX_BYTES)', async () => {
    const { user, token } = await signIn(limited);
    const first = await uploadFiles(limited, token, [pngPart(await noisyPng())]);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.size).toBeGreaterThan(UNUSED_MAX_BYTES / 2);

    expectTooManyUnused(await uploadFiles(limited, token, [pngPart(await noisyPng())]));
    expect(await unusedRows(limited, user.id)).toHaveLength(1);
  });

  it('holds under concurrent calls: never more than the cap is kept', async () => {
    const { user, token } = await signIn(limited);
    const png = await solidPng(40, 40);
    const responses = await Promise.all(
      Array.from({ length: 2 * UNUSED_MAX_FILES }, () =>
        uploadFiles(limited, token, [pngPart(png)]),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    const created = statuses.filter((status) => status === 201).length;
    expect(created).toBeLessThanOrEqual(UNUSED_MAX_FILES);
    const rows = await unusedRows(limited, user.id);
    expect(rows).toHaveLength(created);
    expect(rows.map((row) => row.path).sort()).toEqual(
      responses
        .filter((response) => response.statusCode === 201)
        .map((response) => response.json().data.path)
        .sort(),
    );
  });
});

describe('the size of one call', () => {
  it(`takes at most ${MAX_FILES_PER_UPLOAD} files per call (413 beyond)`, async () => {
    const { token } = await signIn(t);
    const png = await solidPng(16, 16);
    const parts = (count: number) => Array.from({ length: count }, (_, i) => filesPart(png, i));

    const over = await uploadFiles(t, token, parts(MAX_FILES_PER_UPLOAD + 1), MULTIPLE);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ code: 413, message: UPLOAD_MESSAGES.tooManyFiles });

    const most = await uploadFiles(t, token, parts(MAX_FILES_PER_UPLOAD), MULTIPLE);
    expect(most.statusCode).toBe(201);
    expect(most.json().data).toHaveLength(MAX_FILES_PER_UPLOAD);
  });

  /** Three files under 5 MB each, over 10 MB together. */
  const overTheTotal = async () => {
    const padded = Buffer.concat([await solidPng(8, 8), Buffer.alloc(4 * 1024 * 1024)]);
    return multipart([0, 1, 2].map((i) => filesPart(padded, i)));
  };

  it('refuses a body over UPLOAD_REQUEST_MAX_BYTES by its Content-Length with 413', async () => {
    const { token } = await signIn(t);
    const body = await overTheTotal();
    expect(body.payload.length).toBeGreaterThan(UPLOAD_REQUEST_MAX_BYTES);
    const files = storedFiles(t);
    const response = await t.app.inject({
      method: 'POST',
      url: MULTIPLE,
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, message: UPLOAD_MESSAGES.requestTooLarge });
    expect(storedFiles(t)).toEqual(files);
  });

  it('refuses a chunked body (no Content-Length) once its files pass UPLOAD_REQUEST_MAX_BYTES', async () => {
    const { token } = await signIn(t);
    const body = await overTheTotal();
    const files = storedFiles(t);
    const response = await t.app.inject({
      method: 'POST',
      url: MULTIPLE,
      headers: { ...body.headers, ...bearer(token) },
      payload: Readable.from([body.payload]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, message: UPLOAD_MESSAGES.requestTooLarge });
    expect(storedFiles(t)).toEqual(files);
    expect(incoming(t)).toEqual([]);
  });
});

describe('memory', () => {
  it('writes a file to disk as it arrives, before the body ends, and removes it afterwards', async () => {
    const { token } = await signIn(t);
    const boundary = 'streaming-boundary';
    const body = new PassThrough();
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/uploads?dir=users',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    const megabyte = 1024 * 1024;
    body.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    body.write(await solidPng(64, 64));
    body.write(Buffer.alloc(megabyte));

    // Half the body is in, the rest has not been sent: the bytes are already in a file.
    await vi.waitFor(() => {
      const [request] = incoming(t);
      expect(request).toBeDefined();
      expect(statSync(path.join(incomingDir(t), request!, '0')).size).toBeGreaterThan(megabyte);
    });

    body.end(`\r\n--${boundary}--\r\n`);
    const response = await answer;
    expect(response.statusCode).toBe(201);
    expect(incoming(t)).toEqual([]);
  });

  it(`decodes at most ${IMAGE_PROCESSING_CONCURRENCY} pictures at once; others wait their turn`, async () => {
    const { token } = await signIn(t);
    const png = await solidPng(64, 64);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Every slot taken by something that lasts until the test lets go.
    const held = Array.from({ length: IMAGE_PROCESSING_CONCURRENCY }, () =>
      imageProcessingSlots(() => released),
    );
    let settled = false;
    const answer = uploadFiles(t, token, [pngPart(png)]).finally(() => {
      settled = true;
    });

    await vi.waitFor(() => expect(imageProcessingSlots.pendingCount).toBe(1));
    expect(imageProcessingSlots.activeCount).toBe(IMAGE_PROCESSING_CONCURRENCY);
    expect(settled).toBe(false);

    release();
    await Promise.all(held);
    expect((await answer).statusCode).toBe(201);
  });

  it('removes incoming folders a crash left behind at the next sweep', async () => {
    const stale = path.join(incomingDir(t), 'request-left-by-a-crash');
    const fresh = path.join(incomingDir(t), 'request-in-progress');
    mkdirSync(stale, { recursive: true });
    mkdirSync(fresh, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);

    await t.services.uploads.sweep();
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    rmSync(fresh, { recursive: true });
  });
});
