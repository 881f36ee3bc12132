// `npm run coverage`: the unit and API tests (Vitest, every project) with V8 coverage, then the
// line coverage of each workspace and its least covered files. The figure is for reading, not a
// gate, so `npm test` leaves it out: it made the Vitest level about a third slower
// (docs/performance.md, "The test suite's time").
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Line coverage per workspace and its least covered files, from Vitest's V8 coverage. */
function printCoverage() {
  const files = readJson(`${root}coverage/coverage-summary.json`);
  if (!files) return console.log('\nno coverage summary was written');
  const workspaces = new Map();
  for (const [file, summary] of Object.entries(files)) {
    if (file === 'total') continue;
    const workspace = /(packages\/shared|apps\/api|apps\/web)\//.exec(file)?.[1];
    if (!workspace) continue;
    const entry = workspaces.get(workspace) ?? { covered: 0, total: 0, files: [] };
    entry.covered += summary.lines.covered;
    entry.total += summary.lines.total;
    entry.files.push({ file: file.slice(file.indexOf(workspace)), pct: summary.lines.pct });
    workspaces.set(workspace, entry);
  }
  console.log('\ncoverage (lines):');
  for (const [workspace, { covered, total, files: list }] of workspaces) {
    const weakest = list
      .filter((item) => item.pct < 100)
      .sort((a, b) => a.pct - b.pct)
      .slice(0, 3)
      .map((item) => `${item.file} ${item.pct}%`)
      .join(', ');
    const pct = total === 0 ? 100 : ((covered / total) * 100).toFixed(1);
    console.log(`  ${workspace}: ${pct}% of ${total} lines; least covered: ${weakest || 'none'}`);
  }
}

const vitest = spawnSync(npx, ['vitest', 'run', '--coverage.enabled', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
printCoverage();
process.exit(vitest.status ?? 1);
