import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { classifyDependencyFailure, OutageLog } from '../../src/lib/dependency-failure.js';
import { ManualClock } from '../helpers.js';

const withCode = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(code), { code, ...extra });

describe('classifyDependencyFailure', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED'), { dependency: 'database' }],
    [
      'pg: connection lost',
      new Error('Connection terminated unexpectedly'),
      { dependency: 'database' },
    ],
    [
      'pg: no connection in time',
      new Error('timeout exceeded when trying to connect'),
      { dependency: 'database' },
    ],
    [
      'pg: server shutting down',
      withCode('57P01', { severity: 'FATAL' }),
      { dependency: 'database' },
    ],
    [
      'pg: connection exception',
      withCode('08006', { severity: 'FATAL' }),
      { dependency: 'database' },
    ],
    ['SQLite: locked past the timeout', withCode('SQLITE_BUSY'), { dependency: 'database' }],
    [
      'ioredis: offline',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      { dependency: 'redis' },
    ],
    ['ioredis: no answer', new Error('Command timed out'), { dependency: 'redis' }],
    ['disk full', withCode('ENOSPC', { syscall: 'write' }), { dependency: 'storage', full: true }],
    ['folder not writable', withCode('EACCES', { syscall: 'open' }), { dependency: 'storage' }],
    [
      'wrapped in a cause',
      new Error('outer', { cause: withCode('ECONNRESET') }),
      { dependency: 'database' },
    ],
  ])('%s', (_, error, expected) => {
    expect(classifyDependencyFailure(error)).toEqual(expected);
  });

  it.each([
    ['a programming error', new TypeError('x is undefined')],
    ['a unique violation', withCode('23505', { severity: 'ERROR' })],
    ['a syntax error in SQL', withCode('42601', { severity: 'ERROR' })],
    ['SQLite: a constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['EACCES that is not a file system call', withCode('EACCES')],
    ['not an error', 'ECONNREFUSED'],
  ])('leaves %s alone', (_, error) => {
    expect(classifyDependencyFailure(error)).toBeUndefined();
  });
});

describe('OutageLog', () => {
  it('logs an outage once per 30 s, with how many failures each line stands for', () => {
    const lines: { msg: string; failuresSinceLastLog: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    const clock = new ManualClock();
    const outages = new OutageLog(clock);
    const log = pino(sink);
    for (let i = 0; i < 100; i += 1) {
      outages.report({ dependency: 'database' }, new Error('down'), log);
      clock.advance(100); // 100 failures over 10 s
    }
    clock.advance(20_000);
    outages.report({ dependency: 'database' }, new Error('still down'), log);
    outages.report({ dependency: 'redis' }, new Error('down too'), log);
    expect(lines.map(({ msg, failuresSinceLastLog }) => [msg, failuresSinceLastLog])).toEqual([
      ['database unavailable: answering 503', 0],
      ['database unavailable: answering 503', 99],
      ['redis unavailable: answering 503', 0],
    ]);
  });
});
