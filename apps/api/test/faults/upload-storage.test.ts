import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_MESSAGES } from '@staff-admin/shared';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { DiskUploadStorage } from '../../src/modules/uploads/disk-storage.js';
import { pngPart, solidPng } from '../images.js';
import { createTestApp, createUser, loginTokens, uploadFiles, type TestApp } from '../helpers.js';

/*
 * The upload folder fails: full, or not writable. The call answers 507 or 503 with the contract's
 * body, and leaves neither a row nor a file behind.
 */

let t: TestApp;
let token: string;
let picture: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOADS_PER_MINUTE: '10000' } });
  const user = await createUser(t);
  token = (await loginTokens(t, user)).access_token;
  picture = await solidPng(64, 64);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await t?.close();
});

const fsError = (code: string, syscall: string) =>
  Object.assign(new Error(`${code}: ${syscall} failed`), { code, syscall, errno: -1 });

async function expectNothingStored(): Promise<void> {
  expect(await t.db.selectFrom('uploads').select('id').execute()).toEqual([]);
  const folder = path.join(t.config.uploadDir, 'users');
  const files = (() => {
    try {
      return readdirSync(folder);
    } catch {
      return [];
    }
  })();
  expect(files).toEqual([]);
}

test('a full disk answers 507 with the contract body, and stores nothing', async () => {
  // Injected where the file is written: this machine's disk cannot be filled for a test.
  vi.spyOn(DiskUploadStorage.prototype, 'write').mockRejectedValue(fsError('ENOSPC', 'write'));
  const response = await uploadFiles(t, token, [pngPart(picture)]);
  expect(response.statusCode).toBe(507);
  expect(response.json()).toEqual({ code: 507, message: API_MESSAGES.storageFull });
  await expectNothingStored();
});

test('an upload folder that cannot be written answers 503 with Retry-After, and stores nothing', async () => {
  // Not injected: UPLOAD_DIR is replaced by a plain file, so nothing can be made inside it.
  rmSync(t.config.uploadDir, { recursive: true, force: true });
  writeFileSync(t.config.uploadDir, 'not a folder');
  try {
    const response = await uploadFiles(t, token, [pngPart(picture)]);
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ code: 503, message: API_MESSAGES.serviceUnavailable });
    expect(await t.db.selectFrom('uploads').select('id').execute()).toEqual([]);
  } finally {
    rmSync(t.config.uploadDir, { force: true });
  }
  const again = await uploadFiles(t, token, [pngPart(picture)]);
  expect(again.statusCode).toBe(201);
});
