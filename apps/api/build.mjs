// Bundles the server and the CLI into dist/ as ESM for plain `node`. Every dependency of this
// package stays external (installed in node_modules); the workspace's own @staff-admin/shared,
// which ships TypeScript source, is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  absWorkingDir: import.meta.dirname ?? new URL('.', import.meta.url).pathname,
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.13',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'info',
});
