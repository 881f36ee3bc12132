/// <reference types="node" />
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveSourceMaps, RELEASE_FILE, releaseId } from '../vite.config';

let root: string;
let web: string;
let dist: string;
let maps: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'staff-admin-web-maps-'));
  web = join(root, 'apps', 'web');
  dist = join(web, 'dist');
  maps = join(web, 'dist-sourcemaps');
  mkdirSync(join(dist, 'assets'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const writeMap = (name: string, sources: string[]) =>
  writeFileSync(
    join(dist, 'assets', name),
    JSON.stringify({
      version: 3,
      sources,
      sourcesContent: sources.map(() => 'export const secret = 1;'),
      names: [],
      mappings: 'AAAA',
    }),
  );

describe('moveSourceMaps', () => {
  it('moves every map out of the served folder, with relative sources and no contents', () => {
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
    writeMap('index-Ab12Cd34.js.map', [
      '../../src/features/users/users-page.tsx',
      '../../../../packages/shared/src/common/text.ts',
      '../../../../node_modules/react/index.js',
      join(root, '..', 'elsewhere', 'build-machine.ts'),
    ]);

    expect(moveSourceMaps(dist, maps, '0.1.0+abc', web)).toBe(1);

    expect(existsSync(join(dist, 'assets', 'index-Ab12Cd34.js.map'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'index-Ab12Cd34.js'))).toBe(true);
    const moved = JSON.parse(
      readFileSync(join(maps, 'assets', 'index-Ab12Cd34.js.map'), 'utf8'),
    ) as Record<string, unknown>;
    expect(moved.sources).toEqual([
      'src/features/users/users-page.tsx',
      'packages/shared/src/common/text.ts',
      'node_modules/react/index.js',
      'build-machine.ts',
    ]);
    expect(moved).not.toHaveProperty('sourcesContent');
    expect(moved.mappings).toBe('AAAA');
    expect(JSON.stringify(moved)).not.toContain(root);
    expect(JSON.parse(readFileSync(join(maps, RELEASE_FILE), 'utf8'))).toEqual({
      release: '0.1.0+abc',
    });
  });

  it("empties the maps folder first: an older build's maps never map the new one", () => {
    mkdirSync(join(maps, 'assets'), { recursive: true });
    writeFileSync(join(maps, 'assets', 'old-Zz9yY8xX.js.map'), '{}');
    writeMap('new-Ab12Cd34.js.map', ['../../src/main.tsx']);
    moveSourceMaps(dist, maps, 'next', web);
    expect(existsSync(join(maps, 'assets', 'old-Zz9yY8xX.js.map'))).toBe(false);
    expect(existsSync(join(maps, 'assets', 'new-Ab12Cd34.js.map'))).toBe(true);
  });
});

describe('releaseId', () => {
  it('is the version and a hash of the inputs: the same sources, the same release', () => {
    const src = join(web, 'src');
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, 'main.tsx'), 'render();');
    writeFileSync(join(src, 'main.test.tsx'), 'test();');
    const first = releaseId([src], root);
    expect(first).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    expect(releaseId([src], root)).toBe(first);
    // A test file is not part of the build.
    writeFileSync(join(src, 'main.test.tsx'), 'test(); test();');
    expect(releaseId([src], root)).toBe(first);
    writeFileSync(join(src, 'main.tsx'), 'render(); render();');
    expect(releaseId([src], root)).not.toBe(first);
  });
});
