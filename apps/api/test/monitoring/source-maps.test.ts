import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ErrorGroup, ErrorGroupDetail, ErrorReport } from '@staff-admin/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORED_FRAMES_MAX_LENGTH } from '../../src/modules/monitoring/errors.service.js';
import { bearer, createTestApp, createUser, loginTokens, type TestApp } from '../helpers.js';
import {
  buildSourceMapFixture,
  FIXTURE_BUNDLE,
  FIXTURE_FILE,
  FIXTURE_ORIGIN,
  fixtureLine,
  type SourceMapFixture,
} from '../source-map-fixture.js';

/**
 * Browser stack traces mapped to our sources (issue 37): the app serves a built site whose maps
 * the build moved beside it (SOURCE_MAPS_DIR), from a real esbuild build of a tiny source.
 */
const MINUTES_10 = 600_000;

let dir: string;
let fixture: SourceMapFixture;
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-source-maps-api-'));
  fixture = await buildSourceMapFixture(dir, 'web-1.0.0+abc123');
  const distDir = path.join(dir, 'web', 'dist');
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Staff Admin</title>');
  // A map left in the served folder (a build that did not move it) must not be served either.
  t = await createTestApp({
    env: { WEB_DIST_DIR: distDir, SOURCE_MAPS_DIR: fixture.mapsDir },
  });
  const admin = await createUser(t, { position: 'admin' });
  adminToken = (await loginTokens(t, admin)).access_token;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await t.services.errors.whenIdle();
  await t.db.deleteFrom('error_group_releases').execute();
  await t.db.deleteFrom('error_group_users').execute();
  await t.db.deleteFrom('error_occurrences').execute();
  await t.db.deleteFrom('error_groups').execute();
  await t.db.deleteFrom('error_report_counts').execute();
});

const report = (body: Partial<ErrorReport>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/monitoring/error-reports',
    payload: {
      kind: 'error',
      type: 'TypeError',
      message: 'No name to greet',
      url: '/users/profile',
      stack: fixture.stack,
      frames: fixture.frames,
      release: fixture.release,
      ...body,
    },
  });

const groups = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/monitoring/error-groups',
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ErrorGroup[] }>().data;
};

const detail = async (id: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/monitoring/error-groups/${id}`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ErrorGroupDetail }>().data;
};

describe('a browser report with a minified stack', () => {
  it('is stored with our source file, line and function, and the minified frame', async () => {
    expect((await report({})).statusCode).toBe(202);
    const [group] = await groups();
    const { occurrences, releases } = await detail(group!.id);
    expect(occurrences).toHaveLength(1);
    const [top, caller] = occurrences[0]!.frames;
    expect(top).toMatchObject({
      fileName: FIXTURE_FILE,
      functionName: 'formatGreeting',
      lineNumber: fixtureLine("throw new TypeError('No name to greet')"),
      columnNumber: expect.any(Number),
      minified: {
        fileName: `/assets/${FIXTURE_BUNDLE}`,
        lineNumber: 1,
        columnNumber: fixture.frames[0]!.columnNumber,
      },
    });
    expect(caller).toMatchObject({
      fileName: FIXTURE_FILE,
      lineNumber: fixtureLine('formatGreeting(profile.name)'),
    });
    expect(occurrences[0]!.release).toBe(fixture.release);
    expect(releases).toEqual([
      {
        release: fixture.release,
        firstSeenAt: occurrences[0]!.at,
        lastSeenAt: occurrences[0]!.at,
        count: 1,
      },
    ]);
    // Nothing of the machine that built or serves it.
    expect(JSON.stringify(occurrences[0]!.frames)).not.toContain(dir);
  });

  it('lists the releases an error group occurred in, with first and last seen', async () => {
    // The same crash from this release (mapped) twice, ten minutes apart, then from an older one
    // whose maps the server no longer has, and from a build that sent no release.
    expect((await report({})).statusCode).toBe(202);
    const first = new Date(t.clock.now()).toISOString();
    t.clock.advance(MINUTES_10);
    expect((await report({})).statusCode).toBe(202);
    const last = new Date(t.clock.now()).toISOString();
    expect((await report({ release: 'web-0.9.0+old' })).statusCode).toBe(202);
    expect((await report({ release: undefined })).statusCode).toBe(202);

    const all = await groups();
    expect(all.map((group) => group.count)).toEqual([2, 2]);
    const details = await Promise.all(all.map((group) => detail(group.id)));
    const mapped = details.find((group) => group.releases[0]?.release === fixture.release);
    const unmapped = details.find((group) => group !== mapped);
    expect(mapped?.releases).toEqual([
      { release: fixture.release, firstSeenAt: first, lastSeenAt: last, count: 2 },
    ]);
    // The old release and the one without were stored unmapped: they group by bundle and
    // minified name, apart from the mapped one; only a named release is listed.
    expect(unmapped?.releases).toEqual([
      { release: 'web-0.9.0+old', firstSeenAt: last, lastSeenAt: last, count: 1 },
    ]);
    expect(unmapped?.occurrences[0]!.frames[0]).toEqual({
      fileName: `/assets/${FIXTURE_BUNDLE}`,
      functionName: fixture.frames[0]!.functionName,
      lineNumber: 1,
      columnNumber: fixture.frames[0]!.columnNumber,
    });
  });

  it('keeps the top frames within the stored limit', async () => {
    // Long paths of short folders (a long run of letters would be scrubbed as a token).
    const frames = Array.from({ length: 50 }, (_, index) => ({
      fileName: `${FIXTURE_ORIGIN}/vendor/${'lib/'.repeat(30)}${index}.js`,
      lineNumber: index + 1,
      columnNumber: 1,
    }));
    expect((await report({ frames, stack: undefined })).statusCode).toBe(202);
    const [group] = await groups();
    const stored = (await detail(group!.id)).occurrences[0]!.frames;
    expect(stored.length).toBeGreaterThan(10);
    expect(stored.length).toBeLessThan(50);
    expect(JSON.stringify(stored).length).toBeLessThanOrEqual(STORED_FRAMES_MAX_LENGTH);
    expect(stored.map((frame) => frame.lineNumber)).toEqual(
      frames.slice(0, stored.length).map((frame) => frame.lineNumber),
    );
  });

  it('stores a report with a stack but no parsed frames by parsing the stack', async () => {
    expect((await report({ frames: undefined })).statusCode).toBe(202);
    const [group] = await groups();
    const { occurrences } = await detail(group!.id);
    expect(occurrences[0]!.frames[0]).toMatchObject({
      fileName: FIXTURE_FILE,
      lineNumber: fixtureLine("throw new TypeError('No name to greet')"),
    });
  });

  it.each([
    ['a stack nothing can parse', { frames: undefined, stack: '%%% not a stack %%%' }],
    [
      'frames outside our bundles',
      { frames: [{ fileName: `${FIXTURE_ORIGIN}/elsewhere.js`, lineNumber: 3, columnNumber: 9 }] },
    ],
    [
      'frames past the end of the bundle',
      {
        frames: [
          {
            fileName: `${FIXTURE_ORIGIN}/assets/${FIXTURE_BUNDLE}`,
            lineNumber: 40,
            columnNumber: 1,
          },
        ],
      },
    ],
    [
      'a bundle the maps do not know',
      {
        frames: [
          { fileName: `${FIXTURE_ORIGIN}/assets/gone-A1b2C3d4.js`, lineNumber: 1, columnNumber: 7 },
        ],
      },
    ],
  ])('stores %s unmapped, never a 500', async (_, body) => {
    const response = await report(body);
    expect(response.statusCode, response.body).toBe(202);
    const [group] = await groups();
    const { occurrences } = await detail(group!.id);
    expect(occurrences).toHaveLength(1);
    for (const frame of occurrences[0]!.frames) expect(frame).not.toHaveProperty('minified');
  });
});

describe('the source maps', () => {
  it.each([
    `/assets/${FIXTURE_BUNDLE}.map`,
    `/assets/${FIXTURE_BUNDLE}.MAP`,
    '/assets/missing-A1b2C3d4.js.map',
    `/${FIXTURE_BUNDLE}.map`,
    '/release.json.map',
  ])('are never served: GET %s is 404', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('mappings');
    expect(response.body).not.toContain('<title>');
  });

  it('while the bundle itself is', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/assets/${FIXTURE_BUNDLE}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No name to greet');
  });
});
