// `npm run dev`: the API with reload on :3000 and the Vite dev server (which proxies /api to it).
import { spawn } from 'node:child_process';
import { exitUnlessSupportedNode } from '../apps/api/supported-node.mjs';

exitUnlessSupportedNode();

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = ['@staff-admin/api', '@staff-admin/web'].map((workspace) =>
  spawn(npm, ['run', 'dev', '-w', workspace], { stdio: 'inherit' }),
);
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => code && (stop(), (process.exitCode = code)));
