import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_PATH } from './bundle-size.mjs';

/** What the bench needs from a build; a missing one triggers `npm run build`. */
const BUILD_OUTPUTS = [
  'apps/api/dist/server.js',
  'apps/web/dist/index.html',
  join('apps/web/dist', MANIFEST_PATH),
];

/**
 * Builds the site and the server when an output is missing or `force` is set. Returns when and
 * whether the build happened, for the report.
 * @param {string} root
 * @param {{ force: boolean, log: (line: string) => void }} options
 */
export function ensureBuilt(root, { force, log }) {
  const missing = BUILD_OUTPUTS.filter((output) => !existsSync(join(root, output)));
  if (force || missing.length > 0) {
    log(force ? 'building (--build)' : `building: ${missing.join(', ')} missing`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // The build's own output goes to stderr so stdout keeps only the table.
    const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  }
  const builtAt = Math.min(...BUILD_OUTPUTS.map((output) => statSync(join(root, output)).mtimeMs));
  return { built: force || missing.length > 0, builtAt: new Date(builtAt).toISOString() };
}
