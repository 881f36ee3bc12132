import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { StackFrame } from '@staff-admin/shared';
import { build } from 'esbuild';
import ErrorStackParser from 'error-stack-parser';

/**
 * A tiny site built for real: one source file under `web/src/`, bundled and minified by esbuild
 * with an external source map (as the site's build does), the map moved to a maps folder beside
 * the served one with release.json, and a real stack trace of it from V8, as a browser on our
 * origin would report it.
 */
export const FIXTURE_SOURCE = `interface Profile {
  name?: string;
}

function formatGreeting(name: string | undefined): string {
  if (!name) throw new TypeError('No name to greet');
  return 'Hello ' + name;
}

export function greetProfile(profile: Profile): string {
  const greeting = formatGreeting(profile.name);
  return greeting.toUpperCase();
}
`;
/** Where the fixture's source sits, relative to the site's folder. */
export const FIXTURE_FILE = 'src/widgets/greeting.ts';
/** The bundle as the browser asks for it (a hashed name like Vite's). */
export const FIXTURE_BUNDLE = 'greeting-Bx3kQ9aZ.js';
export const FIXTURE_ORIGIN = 'http://localhost:5173';

/** The 1-based line of the fixture's source that holds `text`. */
export function fixtureLine(text: string): number {
  return FIXTURE_SOURCE.split('\n').findIndex((line) => line.includes(text)) + 1;
}

export interface SourceMapFixture {
  /** The maps folder (SOURCE_MAPS_DIR): `assets/<bundle>.map` and release.json. */
  mapsDir: string;
  release: string;
  /** The minified bundle. */
  code: string;
  /** The error's stack as V8 wrote it, and its frames as the site's reporter parses them. */
  stack: string;
  frames: StackFrame[];
}

/** Builds the fixture under `dir` (a fresh temporary folder). */
export async function buildSourceMapFixture(
  dir: string,
  release = 'test-release-1',
): Promise<SourceMapFixture> {
  const webDir = path.join(dir, 'web');
  const sourceFile = path.join(webDir, FIXTURE_FILE);
  mkdirSync(path.dirname(sourceFile), { recursive: true });
  writeFileSync(sourceFile, FIXTURE_SOURCE);
  const assetsDir = path.join(webDir, 'dist', 'assets');
  await build({
    entryPoints: [sourceFile],
    outfile: path.join(assetsDir, FIXTURE_BUNDLE),
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'fixture',
    sourcemap: 'external',
    logLevel: 'silent',
  });
  const mapsDir = path.join(webDir, 'dist-sourcemaps');
  mkdirSync(path.join(mapsDir, 'assets'), { recursive: true });
  const mapName = `${FIXTURE_BUNDLE}.map`;
  writeFileSync(path.join(mapsDir, 'assets', mapName), readFileSync(path.join(assetsDir, mapName)));
  writeFileSync(path.join(mapsDir, 'release.json'), JSON.stringify({ release }));

  const code = readFileSync(path.join(assetsDir, FIXTURE_BUNDLE), 'utf8');
  const context: { fixture?: { greetProfile(profile: object): string } } = {};
  vm.runInNewContext(code, context, { filename: `${FIXTURE_ORIGIN}/assets/${FIXTURE_BUNDLE}` });
  let stack = '';
  try {
    context.fixture?.greetProfile({});
  } catch (error) {
    stack = (error as Error).stack ?? '';
  }
  if (!stack.includes(FIXTURE_BUNDLE)) throw new Error(`the fixture did not fail: ${stack}`);
  const frames = ErrorStackParser.parse({ name: 'TypeError', message: '', stack })
    .filter((frame) => frame.fileName?.startsWith(FIXTURE_ORIGIN))
    .map(({ fileName, functionName, lineNumber, columnNumber }) => ({
      fileName,
      functionName,
      lineNumber,
      columnNumber,
    }));
  return { mapsDir, release, code, stack, frames };
}
