import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reactRouterProductionBuild } from '../vite.config';

describe("the site's build takes React Router's production build", () => {
  const aliases = reactRouterProductionBuild();

  it('for both entries the site imports', () => {
    expect(aliases.map(({ find }) => find.test('react-router'))).toEqual([true, false]);
    expect(aliases.map(({ find }) => find.test('react-router/dom'))).toEqual([false, true]);
  });

  it('whose files exist and have the dev warnings off', () => {
    for (const { replacement } of aliases) {
      expect(replacement).toMatch(/[\\/]dist[\\/]production[\\/]/);
      expect(() => readFileSync(replacement)).not.toThrow();
    }
    // The flag sits in a chunk the entry imports; any production chunk that defines it has it off.
    const index = readFileSync(aliases[0]!.replacement, 'utf8');
    const chunks = [...index.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => m[1]!);
    const sources = chunks.map((chunk) =>
      readFileSync(aliases[0]!.replacement.replace('index.mjs', chunk), 'utf8'),
    );
    const flags = sources.flatMap((text) => [...text.matchAll(/ENABLE_DEV_WARNINGS = (\w+);/g)]);
    expect(flags.map((m) => m[1])).toEqual(['false']);
  });
});
