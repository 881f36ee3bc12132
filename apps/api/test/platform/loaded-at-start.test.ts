// Packages only some servers use are loaded when first needed, so that a server that never uses
// them does not hold them in memory (docs/performance.md, "RSS after the load").
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server-process.js';

const LOADED_WHEN_FIRST_NEEDED = [
  // picture uploads, PostgreSQL, Redis and two-step set-up (issue 17)
  'sharp',
  'pg',
  'ioredis',
  'qrcode',
  // company sign-in, webhook channels, browser stack traces and cost imports
  'openid-client',
  'standardwebhooks',
  '@jridgewell/trace-mapping',
  'csv-parse',
];

let dir: string;
let server: ServerProcess;
let loaded: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'loaded-at-start-'));
  const record = path.join(dir, 'packages.txt');
  server = await startServerProcess({
    INIT_CWD: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
    WEB_DIST_DIR: path.join(dir, 'no-site'),
    NODE_OPTIONS: `--import=${path.join(import.meta.dirname, 'record-packages.mjs')}`,
    RECORD_PACKAGES_TO: record,
  });
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  loaded = readFileSync(record, 'utf8').trim().split('\n');
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a server that has started and answered', () => {
  it('has loaded its framework and database driver (the record works)', () => {
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'better-sqlite3', 'kysely']));
  });

  it.each(LOADED_WHEN_FIRST_NEEDED)('has not loaded %s', (name) => {
    expect(loaded).not.toContain(name);
  });
});
