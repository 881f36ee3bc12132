import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/modules/monitoring/fingerprint.js';
import { displaySource, SourceMaps } from '../../src/modules/monitoring/source-maps.js';
import {
  buildSourceMapFixture,
  FIXTURE_BUNDLE,
  FIXTURE_FILE,
  FIXTURE_ORIGIN,
  fixtureLine,
  type SourceMapFixture,
} from '../source-map-fixture.js';

const log = pino({ level: 'silent' });
let dir: string;
let fixture: SourceMapFixture;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-source-maps-'));
  fixture = await buildSourceMapFixture(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SourceMaps', () => {
  it('maps a minified stack to our source file, line, column and function names', async () => {
    // The fixture's bundle is one minified line: the frames point at column offsets in it.
    expect(fixture.code.trim().split('\n')).toHaveLength(1);
    expect(fixture.frames.length).toBeGreaterThanOrEqual(2);
    expect(fixture.frames[0]?.lineNumber).toBe(1);

    const maps = new SourceMaps({ dir: fixture.mapsDir, log });
    const { frames, mapped } = await maps.mapFrames(fixture.frames, fixture.release);

    expect(mapped).toBe(true);
    const [thrower, caller] = frames;
    expect(thrower).toMatchObject({
      fileName: FIXTURE_FILE,
      lineNumber: fixtureLine("throw new TypeError('No name to greet')"),
      functionName: 'formatGreeting',
      minified: {
        fileName: `/assets/${FIXTURE_BUNDLE}`,
        lineNumber: 1,
        columnNumber: fixture.frames[0]?.columnNumber,
      },
    });
    // The column is the source's (1-based): where `throw` or `new` begins on that line.
    const throwLine = "  if (!name) throw new TypeError('No name to greet');";
    expect([throwLine.indexOf('throw') + 1, throwLine.indexOf('new') + 1]).toContain(
      thrower?.columnNumber,
    );
    expect(caller).toMatchObject({
      fileName: FIXTURE_FILE,
      lineNumber: fixtureLine('const greeting = formatGreeting(profile.name);'),
      minified: { fileName: `/assets/${FIXTURE_BUNDLE}` },
    });
    // Never a path of the machine that built it.
    expect(JSON.stringify(frames)).not.toContain(dir);
  });

  it('leaves the frames unmapped for another release, or without a release', async () => {
    const maps = new SourceMaps({ dir: fixture.mapsDir, log });
    for (const release of ['another-release', null]) {
      const { frames, mapped } = await maps.mapFrames(fixture.frames, release);
      expect(mapped).toBe(false);
      expect(frames[0]).toEqual({
        fileName: `/assets/${FIXTURE_BUNDLE}`,
        functionName: fixture.frames[0]?.functionName,
        lineNumber: 1,
        columnNumber: fixture.frames[0]?.columnNumber,
      });
      expect(frames[0]).not.toHaveProperty('minified');
    }
  });

  it('maps nothing when there are no maps, a map is broken, or a frame is not our bundle', async () => {
    const none = new SourceMaps({ dir: path.join(dir, 'nowhere'), log });
    expect(await none.currentRelease()).toBeNull();
    expect((await none.mapFrames(fixture.frames, fixture.release)).mapped).toBe(false);

    const brokenDir = path.join(dir, 'broken');
    const { mapsDir } = await buildSourceMapFixture(brokenDir, 'broken-release');
    writeFileSync(path.join(mapsDir, 'assets', `${FIXTURE_BUNDLE}.map`), '{ not json');
    const broken = new SourceMaps({ dir: mapsDir, log });
    expect((await broken.mapFrames(fixture.frames, 'broken-release')).mapped).toBe(false);

    const maps = new SourceMaps({ dir: fixture.mapsDir, log });
    const strangers = [
      { fileName: `${FIXTURE_ORIGIN}/assets/../release.json`, lineNumber: 1, columnNumber: 1 },
      { fileName: `${FIXTURE_ORIGIN}/other/${FIXTURE_BUNDLE}`, lineNumber: 1, columnNumber: 5 },
      { fileName: `${FIXTURE_ORIGIN}/assets/${FIXTURE_BUNDLE}`, lineNumber: 999, columnNumber: 1 },
      { fileName: `${FIXTURE_ORIGIN}/assets/${FIXTURE_BUNDLE}` },
      { functionName: 'eval' },
    ];
    const { frames, mapped } = await maps.mapFrames(strangers, fixture.release);
    expect(mapped).toBe(false);
    expect(frames.map((frame) => frame.fileName)).toEqual([
      '/assets/../release.json',
      `/other/${FIXTURE_BUNDLE}`,
      `/assets/${FIXTURE_BUNDLE}`,
      `/assets/${FIXTURE_BUNDLE}`,
      undefined,
    ]);
  });

  it('keeps a bounded number of parsed maps, and no misses', async () => {
    const map = path.join(fixture.mapsDir, 'assets', `${FIXTURE_BUNDLE}.map`);
    for (const copy of ['copy-A1.js', 'copy-B2.js']) {
      copyFileSync(map, path.join(fixture.mapsDir, 'assets', `${copy}.map`));
    }
    // Where the fixture threw: a position its map (and so each copy) has.
    const frame = (bundle: string) => ({
      fileName: `${FIXTURE_ORIGIN}/assets/${bundle}`,
      lineNumber: 1,
      columnNumber: fixture.frames[0]!.columnNumber,
    });
    const maps = new SourceMaps({ dir: fixture.mapsDir, log, cachedMaps: 2 });
    const { mapped } = await maps.mapFrames(
      [FIXTURE_BUNDLE, 'copy-A1.js', 'copy-B2.js'].map(frame),
      fixture.release,
    );
    expect(mapped).toBe(true);
    expect(maps.cachedCount).toBe(2);

    // Bundles without a map are not kept: made-up names never push the real maps out.
    const cached = new SourceMaps({ dir: fixture.mapsDir, log, cachedMaps: 1 });
    await cached.mapFrames([frame(FIXTURE_BUNDLE)], fixture.release);
    await cached.mapFrames(['made-up-1.js', 'made-up-2.js'].map(frame), fixture.release);
    expect(cached.cachedCount).toBe(1);
    expect((await cached.mapFrames([frame(FIXTURE_BUNDLE)], fixture.release)).mapped).toBe(true);
  });

  it('groups the mapped stack by our source, the same across releases', async () => {
    const other = await buildSourceMapFixture(path.join(dir, 'next'), 'test-release-2');
    const first = await new SourceMaps({ dir: fixture.mapsDir, log }).mapFrames(
      fixture.frames,
      fixture.release,
    );
    // Another release, mapped with its own maps: still the same crash, the same group.
    const second = await new SourceMaps({ dir: other.mapsDir, log }).mapFrames(
      other.frames,
      other.release,
    );
    const group = (frames: typeof first.frames) =>
      fingerprint({ source: 'browser', type: 'TypeError', message: 'x', frames });
    expect(group(second.frames)).toBe(group(first.frames));
    // Unmapped (the server has not that release's maps), it groups by bundle and minified name.
    expect(group(other.frames)).not.toBe(group(first.frames));
  });
});

describe('displaySource', () => {
  it('keeps relative sources and never a path of the build machine', () => {
    expect(displaySource('src/features/users/users-page.tsx')).toBe(
      'src/features/users/users-page.tsx',
    );
    expect(displaySource('../../src/widgets/greeting.ts')).toBe('src/widgets/greeting.ts');
    expect(displaySource('/home/builder/app/apps/web/src/main.tsx')).toBe('main.tsx');
    expect(displaySource('C:\\build\\apps\\web\\src\\main.tsx')).toBe('main.tsx');
    expect(displaySource('webpack:///src/main.tsx')).toBe('main.tsx');
    expect(displaySource('src/../../../etc/passwd')).toBe('passwd');
  });
});
