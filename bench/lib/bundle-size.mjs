// What a first visit to a page downloads, read from the Vite build manifest: the entry chunk and
// its static imports (recursively), plus each lazy route module the page renders (its route and
// layout chunks) with their static imports, and the CSS of all of them. Each file is compressed
// on its own, as it travels: gzip at level 9 and brotli at quality 11, as a precompressor would.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const MANIFEST_PATH = '.vite/manifest.json';

/**
 * The pages measured, with the lazy modules each renders on a first visit (see
 * apps/web/src/app/router.tsx): a manifest key must contain each module path. A page with
 * `beyond` counts only what it loads beyond those modules (an area opened from a signed-in page).
 */
const FIRST_LOAD_PAGES = {
  login: {
    path: '/auth/login',
    modules: ['src/components/layouts/auth-layout.', 'src/app/routes/auth/login.'],
  },
  profile: {
    path: '/users/profile',
    modules: ['src/app/routes/app/root.', 'src/app/routes/app/profile.'],
  },
  monitoring: {
    // The area's landing screen; uPlot loads after it, with its first chart (components/chart/).
    path: '/monitoring (beyond the signed-in layout)',
    modules: ['src/app/routes/app/root.', 'src/app/routes/app/monitoring/overview.'],
    beyond: ['src/app/routes/app/root.'],
  },
  users: {
    // User management's first screen, the user list; its dialogs load as they open.
    path: '/users (beyond the signed-in layout)',
    modules: ['src/app/routes/app/root.', 'src/app/routes/app/users.'],
    beyond: ['src/app/routes/app/root.'],
  },
  budgeting: {
    // Budgeting's first screen, the project list; its dialogs load as they open.
    path: '/financial/projects (beyond the signed-in layout)',
    modules: ['src/app/routes/app/root.', 'src/app/routes/app/financial/projects.'],
    beyond: ['src/app/routes/app/root.'],
  },
  project: {
    // A project's page, where Budgeting's day is spent (its Costs tab is a main screen of the
    // screen audits); its dialogs load as they open.
    path: '/financial/projects/:id (beyond the signed-in layout)',
    modules: ['src/app/routes/app/root.', 'src/app/routes/app/financial/project.'],
    beyond: ['src/app/routes/app/root.'],
  },
};

/**
 * @typedef {object} SizeTotals
 * @property {string[]} files paths relative to the dist folder, in load order
 * @property {number} raw bytes
 * @property {number} gzip bytes
 * @property {number} brotli bytes
 */

/**
 * @typedef {object} PageSizes
 * @property {string} path
 * @property {SizeTotals} js
 * @property {SizeTotals} css
 */

/**
 * @typedef {object} ManifestChunk
 * @property {string} file
 * @property {string} [src]
 * @property {boolean} [isEntry]
 * @property {string[]} [imports]
 * @property {string[]} [css]
 */

/** Thrown when the build is missing or does not hold a chunk the pages need. */
export class BundleSizeError extends Error {
  /** @override */
  name = 'BundleSizeError';
}

/**
 * @param {string} distDir apps/web/dist
 * @returns {Record<string, ManifestChunk>}
 */
function readManifest(distDir) {
  const file = join(distDir, MANIFEST_PATH);
  if (!existsSync(file)) {
    throw new BundleSizeError(
      `${file} is missing: build the site first with \`npm run build -w @staff-admin/web\``,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The first-load JavaScript and CSS of each page, with their raw, gzip and brotli sizes.
 * @param {string} distDir apps/web/dist
 * @param {Record<string, { path: string, modules: string[], beyond?: string[] }>} [pages]
 * @returns {Record<string, PageSizes>}
 */
export function measureFirstLoad(distDir, pages = FIRST_LOAD_PAGES) {
  const manifest = readManifest(distDir);
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) {
    throw new BundleSizeError(
      `expected one entry chunk in the manifest, found ${entries.length}: ${entries.map(([key]) => key).join(', ')}`,
    );
  }
  const entryKey = /** @type {[string, ManifestChunk]} */ (entries[0])[0];
  /** @type {Map<string, Buffer>} */
  const contents = new Map();
  const read = (/** @type {string} */ file) => {
    let content = contents.get(file);
    if (!content) {
      content = readFileSync(join(distDir, file));
      contents.set(file, content);
    }
    return content;
  };

  /** @type {Record<string, PageSizes>} */
  const result = {};
  for (const [name, page] of Object.entries(pages)) {
    const keys = (/** @type {string[]} */ modules) => [
      entryKey,
      ...modules.map((module) => findModuleKey(manifest, module)),
    ];
    let { js, css } = collectFiles(manifest, keys(page.modules));
    if ('beyond' in page && page.beyond) {
      const loaded = collectFiles(manifest, keys(page.beyond));
      js = js.filter((file) => !loaded.js.includes(file));
      css = css.filter((file) => !loaded.css.includes(file));
    }
    result[name] = { path: page.path, js: totals(js, read), css: totals(css, read) };
  }
  return result;
}

/**
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string} module
 */
function findModuleKey(manifest, module) {
  const keys = Object.keys(manifest).filter((key) => key.includes(module));
  if (keys.length !== 1) {
    throw new BundleSizeError(
      `expected one manifest chunk for "${module}", found ${keys.length ? keys.join(', ') : 'none'}: ` +
        'update FIRST_LOAD_PAGES in bench/lib/bundle-size.mjs to match apps/web/src/app/router.tsx',
    );
  }
  return /** @type {string} */ (keys[0]);
}

/**
 * The files of the given chunks and of every chunk they import statically, each file once.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string[]} roots manifest keys
 */
function collectFiles(manifest, roots) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {Set<string>} */
  const js = new Set();
  /** @type {Set<string>} */
  const css = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new BundleSizeError(`the manifest has no chunk "${key}"`);
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return { js: [...js], css: [...css] };
}

/**
 * @param {string[]} files
 * @param {(file: string) => Buffer} read
 * @returns {SizeTotals}
 */
function totals(files, read) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const { raw: r, gzip: g, brotli: b } = compressedSizes(read(file));
    raw += r;
    gzip += g;
    brotli += b;
  }
  return { files, raw, gzip, brotli };
}

/**
 * Sizes of one file as served: raw, gzip level 9, brotli quality 11 (text mode).
 * @param {Buffer} content
 */
export function compressedSizes(content) {
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
}
