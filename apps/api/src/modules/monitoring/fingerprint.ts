import { createHash } from 'node:crypto';
import type { ErrorSource, StackFrame } from '@staff-admin/shared';
import { pathOf } from './scrub.js';

/** How many of our own frames, from the top, decide the group. */
export const FINGERPRINT_FRAMES = 3;

/**
 * Is the frame our code? Server: not Node's own (`node:`, `internal/`) and not a dependency
 * (`node_modules`). Browser: served over http(s) by the site, not an extension or the dev server's
 * dependency folders; or mapped through the build's source maps to one of our sources (`src/…`,
 * `packages/…`, relative), not a dependency's. Frames without a file (native code, eval) never are.
 */
export function isOwnFrame(source: ErrorSource, frame: StackFrame): boolean {
  const file = frame.fileName;
  if (!file || /(?:^|\/)node_modules\//.test(file)) return false;
  if (source === 'server') return !/^(?:node:|internal\/)/.test(file);
  if (/^(?:src|packages)\//.test(file)) return true;
  return /^https?:\/\//i.test(file) && !/\/@(?:vite|fs|id)\//.test(file);
}

/**
 * A file as it groups: no origin, query string or fragment; only the part from the last `src/`,
 * `dist/` or `assets/` folder (absolute paths differ between machines and checkouts), else the
 * base name; and no bundle hash (`users-list-D1x2Y3z4.js` → `users-list.js`, Vite's 8-character
 * hashes, told from kebab-case names by an upper-case letter or digit).
 */
export function normalizeFile(file: string): string {
  let path = pathOf(file);
  const folder = Math.max(...['/src/', '/dist/', '/assets/'].map((name) => path.lastIndexOf(name)));
  if (folder >= 0) path = path.slice(folder + 1);
  else if (!/^(?:src|dist|assets)\//.test(path)) path = path.slice(path.lastIndexOf('/') + 1);
  return path.replace(/-(?=[\w-]{0,7}[A-Z\d])[\w-]{8}(?=\.m?js$)/, '');
}

/**
 * A message as it groups when there is no stack: ids, UUIDs and numbers are taken out (emails are
 * already, by the scrubber, which runs first).
 */
export function normalizeMessage(message: string): string {
  return message
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/gi, '<id>')
    .replace(/\d+(?:\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The grouping rule: the source, the error type and the top FINGERPRINT_FRAMES frames of our own
 * code as `file:function`, without line and column (a change elsewhere in the file or a new build
 * moves them, and the crash stays the same one). No own frames: the normalized message instead.
 * A browser report's frames come mapped when the build's source maps allowed (errors.service.ts):
 * then the file is our source and the function its original name, the same in every release, so
 * one crash stays one group across deploys. Unmapped frames (a release whose maps the server does
 * not have) group by bundle and minified name, so they make a group of their own.
 */
export function fingerprint(input: {
  source: ErrorSource;
  type: string;
  message: string;
  frames: StackFrame[];
}): string {
  const own = input.frames
    .filter((frame) => isOwnFrame(input.source, frame))
    .slice(0, FINGERPRINT_FRAMES)
    .map((frame) => `${normalizeFile(frame.fileName ?? '')}:${frame.functionName ?? '?'}`);
  const parts = [
    input.source,
    input.type,
    ...(own.length > 0 ? own : [normalizeMessage(input.message)]),
  ];
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}
