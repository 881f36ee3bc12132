// Starts what the browser tests run against: an SMTP server on 127.0.0.1 that writes each mail it
// receives to E2E_DATA_DIR/mail, and the built API server (which also serves the built site) on a
// fresh SQLite database in E2E_DATA_DIR, pointed at that SMTP server.
// SIGUSR1 stops the SMTP server (its port refuses connections, open ones are dropped) and SIGUSR2
// starts it again: the SMTP-outage test (support/smtp.ts) finds this process in server.pid.
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { API_SERVER_ARGS } from '../../apps/api/server-command.mjs';

const env = process.env;
const dataDir = env.E2E_DATA_DIR;
const mailDir = `${dataDir}/mail`;
mkdirSync(mailDir, { recursive: true });

let received = 0;
/** A new SMTP server listening on E2E_SMTP_PORT (a closed one cannot listen again). */
async function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // On stop, open connections get 421 and are closed at once, as when a relay goes down.
    closeTimeout: 1,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        // Written whole, then renamed: a test never reads a mail half written (support/mailbox.ts
        // reads each file once).
        const file = `${mailDir}/${Date.now()}-${received}.eml`;
        writeFileSync(`${file}.part`, Buffer.concat(chunks));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(Number(env.E2E_SMTP_PORT), '127.0.0.1', resolve));
  return server;
}
/** The running SMTP server, or null while it is stopped. */
let smtp = await startSmtp();
process.on('SIGUSR1', () => {
  smtp?.close();
  smtp = null;
});
process.on('SIGUSR2', () => {
  if (!smtp) void startSmtp().then((server) => (smtp = server));
});
writeFileSync(`${dataDir}/server.pid`, String(process.pid));

const root = fileURLToPath(new URL('../..', import.meta.url));
const api = spawn(process.execPath, API_SERVER_ARGS, {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    NODE_ENV: 'test',
    INIT_CWD: dataDir,
    PORT: env.E2E_PORT,
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${env.E2E_PORT}`,
    DATABASE_URL: `sqlite:${dataDir}/db.sqlite`,
    UPLOAD_DIR: `${dataDir}/uploads`,
    SMTP_URL: `smtp://127.0.0.1:${env.E2E_SMTP_PORT}`,
    ADMIN_EMAIL: env.E2E_ADMIN_EMAIL,
    ADMIN_PASSWORD: env.E2E_ADMIN_PASSWORD,
    ACCESS_TOKEN_TTL: env.E2E_ACCESS_TOKEN_TTL,
    SUPPORT_EMAIL: 'help@company.test',
    RATE_LIMIT_PER_MINUTE: '10000',
    // Project owners must use two-step sign-in (two-step.spec.ts); no other test signs one in.
    MFA_REQUIRED_ROLES: 'project_owner',
    // A mail that cannot go out is retried after 3 s, then 6 s, and fails at its third attempt:
    // long enough to watch it retrying, short enough for the SMTP-outage test to see it fail.
    MAIL_RETRY_BASE: '3s',
    MAIL_MAX_ATTEMPTS: '3',
    LOG_LEVEL: 'warn',
  },
});

const stop = () => {
  api.kill('SIGTERM');
  smtp?.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
api.on('exit', (code) => {
  smtp?.close();
  process.exit(code ?? 0);
});
