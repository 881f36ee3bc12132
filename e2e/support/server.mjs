// Starts what the browser tests run against: an SMTP server on 127.0.0.1 that writes each mail it
// receives to E2E_DATA_DIR/mail, and the built API server (which also serves the built site) on a
// fresh SQLite database in E2E_DATA_DIR, pointed at that SMTP server.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const env = process.env;
const dataDir = env.E2E_DATA_DIR;
const mailDir = `${dataDir}/mail`;
mkdirSync(mailDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      writeFileSync(`${mailDir}/${Date.now()}-${received}.eml`, Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(Number(env.E2E_SMTP_PORT), '127.0.0.1', resolve));

const root = fileURLToPath(new URL('../..', import.meta.url));
const api = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    NODE_ENV: 'test',
    INIT_CWD: dataDir,
    PORT: env.E2E_PORT,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${env.E2E_PORT}`,
    DATABASE_URL: `sqlite:${dataDir}/db.sqlite`,
    UPLOAD_DIR: `${dataDir}/uploads`,
    SMTP_URL: `smtp://127.0.0.1:${env.E2E_SMTP_PORT}`,
    ADMIN_EMAIL: env.E2E_ADMIN_EMAIL,
    ADMIN_PASSWORD: env.E2E_ADMIN_PASSWORD,
    ACCESS_TOKEN_TTL: env.E2E_ACCESS_TOKEN_TTL,
    SUPPORT_EMAIL: 'help@company.test',
    RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: 'warn',
  },
});

const stop = () => {
  api.kill('SIGTERM');
  smtp.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
api.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
