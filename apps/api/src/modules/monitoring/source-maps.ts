import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TraceMap } from '@jridgewell/trace-mapping';
import { ERROR_REPORT_LIMITS, type StackFrame, type StoredStackFrame } from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import { pathOf, scrubbed } from './scrub.js';

/** The file beside the maps that names their release (written by the site's build). */
export const RELEASE_FILE = 'release.json';
/** Parsed maps kept in memory, the least recently used dropped first. */
export const CACHED_MAPS = 16;

/** One of our bundles as a browser names it: `/assets/<name>.js` on any origin, nothing else. */
const OWN_BUNDLE = /^\/assets\/([\w.-]+\.m?js)$/;

/**
 * A map's source as stored: relative, never a path of the build machine. The site's build already
 * writes them relative to its folder (`src/…`) or the repository (`packages/…`, `node_modules/…`);
 * a map made otherwise loses its leading `./` and `../` steps, and an absolute path or a URL keeps
 * only its base name.
 */
export function displaySource(source: string): string {
  const slashed = source.replaceAll('\\', '/');
  if (/^(?:[a-z][\w+.-]*:|\/)/i.test(slashed)) return path.posix.basename(slashed);
  const relative = slashed.replace(/^(?:\.\.?\/)+/, '');
  return relative.split('/').includes('..') ? path.posix.basename(relative) : relative;
}

interface Position {
  fileName: string;
  line: number;
  column: number;
  name: string | null;
}

/** Loaded with the first map read: a server that maps no report never holds it. */
const traceMapping = () => import('@jridgewell/trace-mapping');

/**
 * Maps browser stack frames to our sources with the site build's source maps, which stay on the
 * server (SOURCE_MAPS_DIR, never served). Only a report of the same release as the maps is mapped:
 * another build's maps would point at the wrong lines. A frame is mapped when it is one of our
 * bundles (`/assets/*.js`) and its map has that position; the others are kept as given. Never
 * throws: a missing or unreadable map leaves the frames unmapped.
 */
export class SourceMaps {
  /** undefined: not read yet; null: no maps (the site not built, or built without them). */
  private release: Promise<string | null> | undefined;
  private readonly maps = new Map<string, Promise<TraceMap | null>>();

  constructor(
    private readonly deps: { dir: string; log: FastifyBaseLogger; cachedMaps?: number },
  ) {}

  /** The release the maps belong to, read once from release.json. */
  currentRelease(): Promise<string | null> {
    this.release ??= readFile(path.join(this.deps.dir, RELEASE_FILE), 'utf8').then(
      (text) => {
        const release = (JSON.parse(text) as { release?: unknown }).release;
        return typeof release === 'string' && release ? release : null;
      },
      () => null,
    );
    return this.release.catch(() => null);
  }

  /**
   * The frames as stored: mapped ones carry our source's file, line, column and the original
   * function name, with the browser's frame in `minified`. `mapped` tells whether any was.
   */
  async mapFrames(
    frames: StackFrame[],
    release: string | null,
  ): Promise<{ frames: StoredStackFrame[]; mapped: boolean }> {
    const ours = release !== null && release === (await this.currentRelease());
    const positions = ours
      ? await Promise.all(frames.map((frame) => this.originalPosition(frame)))
      : frames.map(() => undefined);
    const stored = frames.map((frame, index): StoredStackFrame => {
      const position = positions[index];
      const given = withPathOnly(frame);
      if (!position) return given;
      // The map names the token at a position: at the caller's frame that is the function called,
      // which is this frame's function (at this frame's own position it is whatever threw).
      const name = positions[index + 1]?.name ?? undefined;
      return {
        fileName: position.fileName,
        ...(name ? { functionName: name } : {}),
        lineNumber: position.line,
        columnNumber: position.column,
        minified: given,
      };
    });
    return { frames: stored, mapped: positions.some(Boolean) };
  }

  private async originalPosition(frame: StackFrame): Promise<Position | undefined> {
    const bundle = OWN_BUNDLE.exec(pathOf(frame.fileName ?? ''))?.[1];
    const { lineNumber: line, columnNumber: column } = frame;
    if (!bundle || !line || !column) return undefined;
    const map = await this.load(bundle);
    if (!map) return undefined;
    const { originalPositionFor } = await traceMapping();
    // Browsers count columns from 1, source maps from 0.
    const found = originalPositionFor(map, { line, column: column - 1 });
    if (found.source === null || found.line === null || found.column === null) return undefined;
    return {
      fileName: displaySource(found.source),
      line: found.line,
      column: found.column + 1,
      name: found.name,
    };
  }

  private load(bundle: string): Promise<TraceMap | null> {
    const cached = this.maps.get(bundle);
    if (cached) {
      // Most recently used last: the first key is the one to drop.
      this.maps.delete(bundle);
      this.maps.set(bundle, cached);
      return cached;
    }
    const file = path.join(this.deps.dir, 'assets', `${bundle}.map`);
    const loading = readFile(file, 'utf8').then(
      async (text) => new (await traceMapping()).TraceMap(text),
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          this.deps.log.warn({ err: error, bundle }, 'could not read a source map');
        }
        return null;
      },
    );
    const parsed = loading.catch((error: unknown) => {
      this.deps.log.warn({ err: error, bundle }, 'could not parse a source map');
      return null;
    });
    this.maps.set(bundle, parsed);
    void parsed.then((map) => {
      if (this.maps.get(bundle) !== parsed) return;
      // A miss is not kept: bundle names come from anyone's report, and made-up ones must not
      // push the real maps out. A map is, and the least recently used go past the limit.
      if (map === null) {
        this.maps.delete(bundle);
        return;
      }
      const limit = this.deps.cachedMaps ?? CACHED_MAPS;
      for (const key of this.maps.keys()) {
        if (this.maps.size <= limit) break;
        if (key !== bundle) this.maps.delete(key);
      }
    });
    return parsed;
  }

  /** How many parsed maps are in memory (tests). */
  get cachedCount(): number {
    return this.maps.size;
  }
}

/** A frame as given, scrubbed, its file without origin or query (a query may carry a token). */
function withPathOnly(frame: StackFrame): StoredStackFrame {
  const { fileName, functionName, lineNumber, columnNumber } = frame;
  return {
    ...(fileName ? { fileName: scrubbed(pathOf(fileName), ERROR_REPORT_LIMITS.url) } : {}),
    ...(functionName ? { functionName: scrubbed(functionName, ERROR_REPORT_LIMITS.type) } : {}),
    ...(lineNumber === undefined ? {} : { lineNumber }),
    ...(columnNumber === undefined ? {} : { columnNumber }),
  };
}
