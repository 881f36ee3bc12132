import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BundleSizeError,
  compressedSizes,
  MANIFEST_PATH,
  measureFirstLoad,
} from './lib/bundle-size.mjs';

let dist: string;

/** `size` bytes of repetitive text, so that compression has something to do. */
const textOf = (size: number) =>
  Buffer.from(
    Array.from({ length: size }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join(''),
  );

/** Writes a dist folder with a manifest and assets of the given sizes. */
function writeDist(manifest: Record<string, unknown>, assets: Record<string, number>) {
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, MANIFEST_PATH), JSON.stringify(manifest));
  for (const [file, size] of Object.entries(assets)) writeFileSync(join(dist, file), textOf(size));
}

const pages = {
  login: { path: '/auth/login', modules: ['src/layouts/auth.', 'src/routes/login.'] },
};

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/routes/login.tsx', 'src/routes/other.tsx', 'src/layouts/auth.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_form.js': { file: 'assets/form.js', imports: ['index.html', '_vendor.js'] },
  'src/layouts/auth.tsx': { file: 'assets/auth.js', imports: ['index.html'] },
  'src/routes/login.tsx': {
    file: 'assets/login.js',
    imports: ['index.html', '_form.js'],
    css: ['assets/login.css'],
  },
  'src/routes/other.tsx': { file: 'assets/other.js', imports: ['_big.js'] },
  '_big.js': { file: 'assets/big.js' },
};
const assets = {
  'assets/index.js': 1000,
  'assets/vendor.js': 2000,
  'assets/form.js': 300,
  'assets/auth.js': 40,
  'assets/login.js': 500,
  'assets/other.js': 700,
  'assets/big.js': 9000,
  'assets/index.css': 600,
  'assets/login.css': 60,
};

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'bundle-size-'));
});
afterEach(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('measureFirstLoad', () => {
  it('counts the entry, the page modules and their static imports once, never lazy chunks', () => {
    writeDist(manifest, assets);
    const { login } = measureFirstLoad(dist, pages);
    expect(login?.path).toBe('/auth/login');
    expect(login?.js.files).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/auth.js',
      'assets/login.js',
      'assets/form.js',
    ]);
    expect(login?.js.raw).toBe(1000 + 2000 + 40 + 500 + 300);
    expect(login?.css.files).toEqual(['assets/index.css', 'assets/login.css']);
    expect(login?.css.raw).toBe(660);
  });

  it('sums the compressed size of each file on its own', () => {
    writeDist(manifest, assets);
    const { login } = measureFirstLoad(dist, pages);
    const each = (login?.css.files ?? []).map((file) =>
      compressedSizes(textOf(assets[file as keyof typeof assets])),
    );
    expect(login?.css.gzip).toBe(each.reduce((sum, s) => sum + s.gzip, 0));
    expect(login?.css.brotli).toBe(each.reduce((sum, s) => sum + s.brotli, 0));
    expect(login?.css.gzip).toBeLessThan(660);
  });

  it('fails with the build command when the manifest is missing', () => {
    expect(() => measureFirstLoad(dist, pages)).toThrow(/npm run build -w @staff-admin\/web/);
  });

  it('fails when a page module has no chunk of its own', () => {
    writeDist(manifest, assets);
    expect(() =>
      measureFirstLoad(dist, { x: { path: '/x', modules: ['src/routes/renamed.'] } }),
    ).toThrow(BundleSizeError);
  });
});

describe('compressedSizes', () => {
  it('uses gzip level 9 and brotli quality 11', () => {
    const content = Buffer.from('const answer = 42;\n'.repeat(200));
    const sizes = compressedSizes(content);
    expect(sizes.raw).toBe(content.length);
    expect(sizes.gzip).toBe(gzipSync(content, { level: 9 }).length);
    expect(sizes.brotli).toBeLessThan(sizes.gzip);
  });
});
