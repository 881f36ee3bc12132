import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.js';
import { styleNonce } from './security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a site path that is not a file: index.html (SPA routes) or a "not built" page. */
    sendSiteFallback: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

const NONCE_PLACEHOLDER = '__CSP_NONCE__';
const SUPPORT_EMAIL_PLACEHOLDER = '__SUPPORT_EMAIL__';
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRECOMPRESSED = /\.(?:br|gz)$/;
/**
 * Source maps are never served: the build keeps them beside the site, not in it (SOURCE_MAPS_DIR),
 * and a map that found its way into the served folder still answers 404, like one that does not
 * exist. They would hand anyone our sources' structure and names.
 */
const SOURCE_MAP = /\.map$/i;
/**
 * A path with a segment starting with a dot: the build's `.vite/manifest.json` (kept for the
 * bundle budget in bench/, a map of every module for anyone else) or any other hidden file.
 */
const HIDDEN = /(?:^|\/)(?:\.|%2e)(?!\/|$)/i;
const NOT_BUILT =
  'Staff Admin: the web site is not built. Run `npm run build` at the repository root, then restart the server.\n';

/**
 * The built site: files from WEB_DIST_DIR (hashed `/assets/*` cached for a year, sent as the
 * build's `.br`/`.gz` copies to clients that accept them), never a hidden file (404), and
 * index.html as a template for every other GET: a fresh CSP nonce per response and the support
 * email.
 */
export const staticSitePlugin = fp<{ distDir: string; supportEmail: string }>(
  async (app, { distDir, supportEmail }) => {
    const indexFile = path.join(distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ distDir }, 'web site not built: non-API paths answer 404');
      app.decorate('sendSiteFallback', (_request: FastifyRequest, reply: FastifyReply) =>
        reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT),
      );
      return;
    }

    const template = (await readFile(indexFile, 'utf8')).replaceAll(
      SUPPORT_EMAIL_PLACEHOLDER,
      escapeHtml(supportEmail),
    );
    const assetsDir = path.join(distDir, 'assets') + path.sep;

    app.decorate('sendSiteFallback', (request: FastifyRequest, reply: FastifyReply) => {
      // A missing hashed asset is a stale page asking for an old build: HTML would not help it.
      // A hidden file is no page either: the same 404 whether it exists or not.
      const pathname = request.url.split('?')[0]!;
      if (
        request.url.startsWith(ASSETS_PREFIX) ||
        HIDDEN.test(pathname) ||
        SOURCE_MAP.test(pathname)
      ) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
      }
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(template.replaceAll(NONCE_PLACEHOLDER, styleNonce(reply)));
    });

    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      cacheControl: false,
      // The build writes `.br`/`.gz` beside the assets: sent by Accept-Encoding (with
      // Content-Encoding and `Vary: Accept-Encoding`), the plain file otherwise.
      preCompressed: true,
      dotfiles: 'ignore',
      // index.html is only ever sent as the filled-in template; the compressed copies only as the
      // encoding of their file (allowedPath sees that file's path), never asked for by name; a
      // source map never.
      allowedPath: (pathname) =>
        pathname !== '/index.html' && !PRECOMPRESSED.test(pathname) && !SOURCE_MAP.test(pathname),
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      app.sendSiteFallback(request, reply),
    );
  },
  { name: 'static-site', dependencies: ['security-headers'] },
);
