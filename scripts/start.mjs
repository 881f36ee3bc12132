// `npm start`: build what is not built yet, then run the API server, which migrates the database
// and serves the API under /api and the built site everywhere else on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exitUnlessSupportedNode } from '../apps/api/supported-node.mjs';
import { API_SERVER_ARGS } from '../apps/api/server-command.mjs';

exitUnlessSupportedNode();

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const parts = [
  { workspace: '@staff-admin/web', output: 'apps/web/dist/index.html' },
  { workspace: '@staff-admin/api', output: 'apps/api/dist/server.js' },
];

for (const { workspace, output } of parts) {
  if (existsSync(new URL(`../${output}`, import.meta.url))) continue;
  console.log(`Building ${workspace} (first start)…`);
  const build = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, API_SERVER_ARGS, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? root },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
