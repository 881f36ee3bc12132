import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser tests drive Debian's Chromium against the built server (apps/api/dist + apps/web/dist)
 * on a temporary SQLite database, with a real SMTP server that files every mail it receives.
 * Values go into process.env here so that the workers, which inherit it, see the same ones.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'staff-admin-e2e-'));
/** A port nothing listens on right now, from the system (the config must stay synchronous). */
function freePort(): string {
  const probe =
    "const s = require('net').createServer().listen(0, '127.0.0.1', () => " +
    '{ console.log(s.address().port); s.close(); });';
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}

process.env.E2E_PORT ??= freePort();
while (!process.env.E2E_SMTP_PORT || process.env.E2E_SMTP_PORT === process.env.E2E_PORT) {
  process.env.E2E_SMTP_PORT = freePort();
}
process.env.E2E_ADMIN_EMAIL ??= 'admin@company.test';
process.env.E2E_ADMIN_PASSWORD ??= 'Kestrel!2345pass';
process.env.E2E_ACCESS_TOKEN_TTL ??= '4s';
// The alert rules' evaluator passes every second (60 s in production), so that an incident opens
// while a test waits for it (alerts.spec.ts, narrow-screens.spec.ts); the server inherits it.
process.env.ALERTS_EVALUATION_INTERVAL ??= '1';

// `localhost`, not 127.0.0.1: WebAuthn (passkeys) refuses an IP address as its relying party.
// The server still listens on 127.0.0.1 only; Chromium and Node resolve localhost to it.
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous: a passing test takes what it takes, and this 2-core machine is often shared.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: true,
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    // A trace records every action's DOM and screenshots: a fifth of the suite's time (240 s -> 193 s
    // on a 2-core machine, docs/performance.md). A failure
    // still leaves its page's ARIA snapshot and a screenshot; `--trace retain-on-failure` on the
    // command line records traces while chasing one.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Toasts fade in; axe checked mid-fade would report the half-transparent text's contrast.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'browser', testIgnore: /mail-outage/ },
    // Stops the SMTP server every test shares: only once every other test has ended.
    { name: 'smtp-outage', testMatch: /mail-outage/, dependencies: ['browser'] },
  ],
  webServer: {
    command: 'node support/server.mjs',
    url: `http://127.0.0.1:${process.env.E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
