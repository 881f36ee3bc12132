import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { logFormatFor } from '../../src/lib/logger.js';

const child = fileURLToPath(new URL('./pretty-logger-child.ts', import.meta.url));

describe('log format', () => {
  it('is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
  });

  it('writes a request as one readable line with the clock time, not JSON with epoch times', () => {
    // The logger of a real Fastify app, in a process of its own: pino-pretty runs as a transport
    // (a worker thread) that writes to that process's stdout.
    const result = spawnSync(process.execPath, ['--import', 'tsx', child], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // Colours are off when stdout is not a terminal.
    const lines = result.stdout.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: incoming request GET \/api\/things$/),
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed 200 \(\d+(\.\d)? ms\)$/,
      ),
    ]);
  });
});
