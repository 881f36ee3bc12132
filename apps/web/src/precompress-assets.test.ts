/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../vite.config';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'staff-admin-web-precompress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: string | Buffer) => {
  writeFileSync(join(dir, name), content);
  return Buffer.from(content);
};

describe('precompressDir (the build step that writes .br/.gz beside the assets)', () => {
  it('writes a brotli and a gzip copy of each compressible file of 1 KB or more', () => {
    const files = {
      'index-abc.js': write('index-abc.js', 'export const rows = [];\n'.repeat(100)),
      'index-abc.css': write('index-abc.css', '.row{margin:0}\n'.repeat(100)),
      'logo-abc.svg': write('logo-abc.svg', `<svg>${'<path d="M0 0"/>'.repeat(100)}</svg>`),
    };
    mkdirSync(join(dir, 'nested'));
    const nested = write('nested/data-abc.json', JSON.stringify(Array(300).fill({ a: 1 })));

    precompressDir(dir);

    for (const [name, raw] of [
      ...Object.entries(files),
      ['nested/data-abc.json', nested] as const,
    ]) {
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(br.length, name).toBeLessThan(raw.length);
      expect(gz.length, name).toBeLessThan(raw.length);
      expect(brotliDecompressSync(br).equals(raw), name).toBe(true);
      expect(gunzipSync(gz).equals(raw), name).toBe(true);
      // Highest levels: brotli 11 beats gzip 9 on text.
      expect(br.length, name).toBeLessThan(gz.length);
    }
  });

  it('skips small files, source maps, other types, and copies that would not be smaller', () => {
    write('tiny-abc.js', 'console.log(1);\n'.repeat(60)); // 960 bytes
    write('index-abc.js.map', '{"mappings":""}'.padEnd(4096, ' '));
    write('photo-abc.png', 'x'.repeat(4096));
    // Random bytes do not compress: neither copy would be smaller.
    write('random-abc.js', randomBytes(4096));

    precompressDir(dir);

    expect(readdirSync(dir).sort()).toEqual([
      'index-abc.js.map',
      'photo-abc.png',
      'random-abc.js',
      'tiny-abc.js',
    ]);
  });
});
