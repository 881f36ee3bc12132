import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_AUTH_SECRET } from './helpers.js';

const API_DIR = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every line the process wrote to stdout and stderr so far. */
  output: string[];
  /** Parsed JSON log lines (stdout). */
  logs: () => Record<string, unknown>[];
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  exited: Promise<number | null>;
}

/**
 * Starts the real server (src/server.ts under tsx) as its own process on a free port, with
 * production settings and the given environment, and resolves once it listens.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 60_000 } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      output.push(...lines);
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const logs = () =>
    output.flatMap((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        return typeof parsed === 'object' && parsed !== null
          ? [parsed as Record<string, unknown>]
          : [];
      } catch {
        return [];
      }
    });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`server did not listen within ${timeoutMs} ms:\n${output.join('\n')}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      const listening = logs()
        .map((line) => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(line.msg)))
        .find(Boolean);
      if (listening) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    }, 25);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output.join('\n')}`));
    });
  });

  return {
    child,
    url,
    output,
    logs,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
