import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Brotli at quality 11 over every chunk takes seconds on a busy 2-core machine.
  test: { name: 'bench', environment: 'node', include: ['*.test.ts'], testTimeout: 60_000 },
});
