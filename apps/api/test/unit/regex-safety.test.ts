import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression of the shipped code, checked for super-linear backtracking with
 * recheck (issue 32: one pattern of the error scrubber held the server 12 s on an 8 KB report).
 * recheck tries attack strings against each pattern as `exec` runs it, so it also finds what
 * eslint-plugin-regexp's rules miss (a run on both sides of a word: `[\w-]*token[\w-]*`).
 */
const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_FOLDERS = ['apps/api/src', 'packages/shared/src', 'apps/web/src'];

/**
 * recheck's fuzzing gives up on an attack string after a time by default, which a busy machine
 * reaches for safe patterns; without time limits it decides by the number of steps alone.
 */
const DETERMINISTIC = {
  timeout: null,
  attackTimeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
} as const;

interface FoundPattern {
  at: string;
  source: string;
  flags: string;
}

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(?:test|d)\.tsx?$/.test(entry.name)) {
      yield path;
    }
  }
}

/**
 * `new RegExp(`…${COUNT}…`)`: an interpolated value may only be a quantifier's count, which the
 * check replaces with 9 (the pattern's shape, and so its complexity, stays the same).
 */
function templatePattern(node: ts.TemplateLiteral): string | undefined {
  if (ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  let pattern = node.head.text;
  for (const span of node.templateSpans) {
    if (!/[{,]$/.test(pattern) || !/^[,}]/.test(span.literal.text)) return undefined;
    pattern += `9${span.literal.text}`;
  }
  return pattern;
}

function patternsIn(file: string): { found: FoundPattern[]; unreadable: string[] } {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: FoundPattern[] = [];
  const unreadable: string[] = [];
  const at = (node: ts.Node) =>
    `${relative(REPOSITORY, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText();
      const end = text.lastIndexOf('/');
      found.push({ at: at(node), source: text.slice(1, end), flags: text.slice(end + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      const text =
        pattern && ts.isStringLiteral(pattern)
          ? pattern.text
          : pattern && ts.isTemplateLiteral(pattern)
            ? templatePattern(pattern)
            : undefined;
      const flagText =
        flags === undefined ? '' : ts.isStringLiteral(flags) ? flags.text : undefined;
      if (text === undefined || flagText === undefined) unreadable.push(at(node));
      else found.push({ at: at(node), source: text, flags: flagText });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { found, unreadable };
}

const scanned = SOURCE_FOLDERS.flatMap((folder) =>
  [...sourceFiles(join(REPOSITORY, folder))].map(patternsIn),
);
const patterns = scanned.flatMap(({ found }) => found);

describe('regular expressions of the shipped code', () => {
  it('are all written where the check can read them', () => {
    expect(scanned.flatMap(({ unreadable }) => unreadable)).toEqual([]);
    // The scan sees the code: the scrubber's patterns, the shared email rule, the site's.
    expect(patterns.length).toBeGreaterThan(80);
    expect(patterns.map(({ at }) => at)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^apps\/api\/src\/modules\/monitoring\/scrub\.ts:/),
        expect.stringMatching(/^packages\/shared\/src\/common\/email\.ts:/),
        expect.stringMatching(/^apps\/web\/src\//),
      ]),
    );
  });

  it('none backtracks or rescans super-linearly (recheck)', { timeout: 300_000 }, async () => {
    const results = await Promise.all(
      patterns.map(async ({ at, source, flags }) => {
        const diagnostics = await check(source, flags, DETERMINISTIC);
        if (diagnostics.status === 'safe') return [];
        const why =
          diagnostics.status === 'vulnerable'
            ? `${diagnostics.complexity.type}, attack ${diagnostics.attack.pattern}`
            : diagnostics.error.kind;
        return [`${at} /${source}/${flags}: ${diagnostics.status} (${why})`];
      }),
    );
    const unsafe = results.flat();
    expect(unsafe).toEqual([]);
  });
});
