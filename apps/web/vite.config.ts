import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const WEB_ROOT = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(WEB_ROOT, '..', '..');

/**
 * Where the build puts its source maps: beside the served folder, never in it (the server reads
 * them to map browser stack traces; SOURCE_MAPS_DIR on the server says where they are elsewhere).
 */
export const SOURCE_MAPS_DIR = path.join(WEB_ROOT, 'dist-sourcemaps');
/** The file beside the maps that names the release they belong to. */
export const RELEASE_FILE = 'release.json';

/** What the site's build reads: a change to any of them is a new release. */
const RELEASE_INPUTS = [
  path.join(WEB_ROOT, 'src'),
  path.join(WEB_ROOT, 'public'),
  path.join(WEB_ROOT, 'index.html'),
  path.join(WEB_ROOT, 'vite.config.ts'),
  path.join(WEB_ROOT, 'package.json'),
  path.join(REPO_ROOT, 'packages', 'shared', 'src'),
  path.join(REPO_ROOT, 'package-lock.json'),
];

/**
 * The release id: the site's version and a short hash of every file the build reads (their paths
 * and contents, test files aside), e.g. `0.1.0+3f9a2c1b0d4e`. Known before the bundle is written,
 * so the site carries it as a constant, and the same sources always give the same release.
 */
export function releaseId(inputs: string[] = RELEASE_INPUTS, root: string = REPO_ROOT): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const input of inputs) {
    if (!existsSync(input)) continue;
    if (statSync(input).isFile()) files.push(input);
    else {
      for (const entry of readdirSync(input, { recursive: true, withFileTypes: true })) {
        if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) {
          files.push(path.join(entry.parentPath, entry.name));
        }
      }
    }
  }
  for (const file of files.sort()) {
    hash.update(path.relative(root, file).replaceAll(path.sep, '/')).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  const { version } = JSON.parse(readFileSync(path.join(WEB_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return `${version}+${hash.digest('hex').slice(0, 12)}`;
}

/**
 * A map's source as the server shows it, never a path of the build machine: relative to the
 * site's folder (`src/features/users/users-page.tsx`), else to the repository
 * (`packages/shared/src/…`, `node_modules/react-dom/…`), else only its base name.
 */
export function displaySource(source: string, mapFile: string, webRoot = WEB_ROOT): string {
  const bare = source.replace(/^[\w+.-]+:\/\/\/?/, '').replace(/\0/g, '');
  const absolute = path.resolve(path.dirname(mapFile), bare);
  const repoRoot = path.resolve(webRoot, '..', '..');
  for (const base of [webRoot, repoRoot]) {
    const relative = path.relative(base, absolute);
    if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) {
      return relative.split(path.sep).join('/');
    }
  }
  return path.basename(bare);
}

/**
 * Moves every `*.map` of the built `distDir` to `mapsDir` (same relative paths), so nothing serves
 * them: sources rewritten by displaySource, without their contents (the server needs positions
 * and names, not our code). Writes `release.json` beside them. `mapsDir` is emptied first: maps of
 * an older build would map the new one's frames wrongly.
 */
export function moveSourceMaps(
  distDir: string,
  mapsDir: string,
  release: string,
  webRoot = WEB_ROOT,
): number {
  rmSync(mapsDir, { recursive: true, force: true });
  mkdirSync(mapsDir, { recursive: true });
  let moved = 0;
  for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const map = JSON.parse(readFileSync(file, 'utf8')) as {
      sources?: (string | null)[];
      sourceRoot?: string;
      sourcesContent?: unknown;
    };
    const sourceRoot = map.sourceRoot ?? '';
    map.sources = (map.sources ?? []).map((source) =>
      source === null ? null : displaySource(path.join(sourceRoot, source), file, webRoot),
    );
    delete map.sourceRoot;
    delete map.sourcesContent;
    const target = path.join(mapsDir, path.relative(distDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(map));
    unlinkSync(file);
    moved += 1;
  }
  writeFileSync(path.join(mapsDir, RELEASE_FILE), `${JSON.stringify({ release })}\n`);
  return moved;
}

// The build's source maps stay on the server (moveSourceMaps); the bundle has no
// sourceMappingURL comment (`sourcemap: 'hidden'`), so no browser asks for them.
export function keepSourceMapsOnServer(release: string, mapsDir = SOURCE_MAPS_DIR): Plugin {
  return {
    name: 'staff-admin:keep-source-maps-on-server',
    apply: 'build',
    writeBundle({ dir }) {
      if (dir) moveSourceMaps(dir, mapsDir, release);
    },
  };
}

const RELEASE = releaseId();

/**
 * React Router 7's package exports name only its development build, whose dev warnings stay on
 * in a production bundle (remix-run/react-router#14102): the site's build takes the production
 * build it ships beside it.
 */
export function reactRouterProductionBuild() {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
    'production',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  ...(command === 'build' ? { resolve: { alias: reactRouterProductionBuild() } } : {}),
  plugins: [
    react(),
    tailwindcss(),
    stripSonnerInlineCss(),
    keepSourceMapsOnServer(RELEASE),
    precompressAssets(),
  ],
  // The site sends it with every error report (lib/release.ts).
  define: { __APP_RELEASE__: JSON.stringify(RELEASE) },
  build: {
    manifest: true,
    sourcemap: 'hidden',
    // Every browser the build targets supports <link rel="modulepreload">; skip the polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // @staff-admin/shared only declares things; so the entry chunk does not carry zod and
        // every schema just because it imports a role or a constant from it.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // What the entry imports statically, every page loads: one file with the entry, not the
        // entry plus small chunks of React, its JSX runtime and clsx that Rolldown splits off
        // because lazy chunks import them too (three requests and 1.2 KB gzip less a first load).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
}));
