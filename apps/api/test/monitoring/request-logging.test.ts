import { afterEach, describe, expect, it } from 'vitest';
import type { LogLevel } from '../../src/config/env.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../helpers.js';

interface LogLine {
  level: number;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number };
}

const DEBUG = 20;
const INFO = 30;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An app whose log lines are kept, parsed, at `level`. */
async function appLoggingAt(level: LogLevel) {
  const lines: LogLine[] = [];
  const logger = createLogger(level, { write: (line: string) => lines.push(JSON.parse(line)) });
  t = await createTestApp({ logger });
  return { app: t.app, lines };
}

const requestLines = (lines: LogLine[]) =>
  lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');

describe('request logs', () => {
  it('leaves health and readiness probes out at info, and logs other requests there', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/ready' });
    expect(requestLines(lines)).toEqual([]);

    await app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({
        level: INFO,
        msg: 'incoming request',
        req: expect.objectContaining({ url: '/api/users/profile' }),
      }),
      expect.objectContaining({ level: INFO, msg: 'request completed', res: { statusCode: 401 } }),
    ]);
  });

  it('logs the probes at debug', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({
        level: DEBUG,
        msg: 'incoming request',
        req: expect.objectContaining({ url: '/api/health' }),
      }),
      expect.objectContaining({ level: DEBUG, msg: 'request completed', res: { statusCode: 200 } }),
    ]);
  });
});
