import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** `__insertCSS("…")` with a JavaScript string literal argument, as sonner's build emits it. */
const SONNER_INSERT_CSS_CALL = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/g;

// Our CSP forbids inline <style>, which sonner injects on import: drop it, ship its styles.css.
export function stripSonnerInlineCss(): Plugin {
  return {
    name: 'staff-admin:strip-sonner-inline-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const stripped = code.replace(SONNER_INSERT_CSS_CALL, '');
      if (stripped === code) {
        this.error('sonner no longer calls __insertCSS("…"); update stripSonnerInlineCss');
      }
      return { code: stripped, map: null };
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html)$/;
const MIN_SIZE = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to each compressible file of
 * `dir` and its subfolders, for the server to send by Accept-Encoding. Skips files under 1 KB and
 * an encoding that would not be smaller.
 */
export function precompressDir(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = readFileSync(file);
    if (raw.length < MIN_SIZE) continue;
    const brotli = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gzip = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < raw.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < raw.length) writeFileSync(`${file}.gz`, gzip);
  }
}

// The hashed assets are immutable: compress them once, at build time, at the highest levels.
export function precompressAssets(): Plugin {
  return {
    name: 'staff-admin:precompress-assets',
    apply: 'build',
    writeBundle({ dir }) {
      const assets = dir && path.join(dir, 'assets');
      if (assets && existsSync(assets)) precompressDir(assets);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), stripSonnerInlineCss(), precompressAssets()],
  build: {
    manifest: true,
    // Every browser the build targets supports <link rel="modulepreload">; skip the polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // @staff-admin/shared only declares things; so the entry chunk does not carry zod and
        // every schema just because it imports a role or a constant from it.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
