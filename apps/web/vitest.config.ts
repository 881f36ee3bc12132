import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// From Node 25 on, Node defines its own `localStorage` and `sessionStorage` globals (inert without
// `--localstorage-file`), and Vitest keeps a global that already exists instead of installing
// jsdom's. A browser has no such globals, so the site's tests run with Node's web storage turned
// off and get jsdom's real Storage on every Node line. On lines without the feature (20, and 22/24
// where it is still behind a flag) there is nothing to turn off, and Node 20 would refuse the flag.
const nodeHasWebStorage = 'localStorage' in globalThis;

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // Above the 10 s that findBy*/waitFor may wait (src/testing/setup.ts) on a busy machine.
    testTimeout: 20_000,
    execArgv: nodeHasWebStorage ? ['--no-experimental-webstorage'] : [],
    // Dates render in the machine's zone; pin it so expected texts are the same everywhere.
    env: { TZ: 'UTC' },
  },
});
