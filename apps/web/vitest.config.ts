import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// From Node 25 on, Node defines its own `localStorage` and `sessionStorage` globals (inert without
// `--localstorage-file`), and Vitest keeps a global that already exists instead of installing
// jsdom's. A browser has no such globals, so the site's tests run with Node's web storage turned
// off and get jsdom's real Storage on every Node line. On lines where the feature is still behind a
// flag (22, 24) there is nothing to turn off.
const nodeHasWebStorage = 'localStorage' in globalThis;

const TEST_FILE = /\.test\.tsx?$/;

/**
 * Test files that replace a module with `vi.mock`. The others share one module graph (the files
 * run one after another in a worker that keeps what it loaded, 323 s -> 92 s), where a module a
 * file mocks may already be loaded, for real, by an earlier file; these run isolated instead.
 */
const filesThatMockModules = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file))
  .map((file) => `src/${file.replaceAll('\\', '/')}`)
  .filter((file) => readFileSync(`${root}${file}`, 'utf8').includes('vi.mock('));

function webProject(
  name: string,
  files: { include: string[]; exclude?: string[] },
  isolate: boolean,
): TestProjectInlineConfiguration {
  return {
    root,
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      ...files,
      isolate,
      setupFiles: ['./src/testing/setup.ts'],
      restoreMocks: true,
      // Above the 30 s that findBy*/waitFor may wait (src/testing/setup.ts) on a busy machine.
      testTimeout: 60_000,
      execArgv: nodeHasWebStorage ? ['--no-experimental-webstorage'] : [],
      // Dates render in the machine's zone; pin it so expected texts are the same everywhere.
      env: { TZ: 'UTC' },
    },
  };
}

/** The site's tests: `web`, and `web:mocks-modules` for the files that mock a module. */
export const webProjects = [
  webProject(
    'web',
    {
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...filesThatMockModules],
    },
    false,
  ),
  webProject('web:mocks-modules', { include: filesThatMockModules }, true),
];

export default defineConfig({ test: { projects: webProjects } });
