import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./statement-finalizer-child.mjs', import.meta.url));

describe('the SQLite driver on this Node', () => {
  it('survives garbage collection of many dropped statements (the Node 24 finalizer abort)', () => {
    const result = spawnSync(process.execPath, ['--expose-gc', child], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).not.toContain('Assertion failed');
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('finalized without abort');
    // The child takes 12 s on a quiet machine; under CI's parallel Node lines it ran past 20 s.
  }, 90_000);
});
