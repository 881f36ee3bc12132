/**
 * The error reporter's working part, loaded on the first error (see error-reporter.ts): builds a
 * report, sends it, and keeps what could not go for sendBeacon on page hide.
 */
import {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_MAX_BYTES,
  type ErrorReport,
  type ErrorReportKind,
  type StackFrame,
} from '@staff-admin/shared';
import ErrorStackParser from 'error-stack-parser';
import { API_BASE_URL } from '../config/app.js';
import { APP_RELEASE } from '../config/release.js';
import { getAccessToken } from './session.js';

/** A page that keeps failing stops reporting after this many (the server also rate-limits). */
const MAX_REPORTS_PER_PAGE = 20;

const queue: ErrorReport[] = [];
const seen = new Set<string>();
let reported = 0;
let flushing = false;

const endpoint = () =>
  new URL(`${API_BASE_URL}/monitoring/error-reports`, window.location.origin).toString();

const clip = (text: string, max: number) => text.slice(0, max);

function asError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  if (typeof reason === 'string') return new Error(reason);
  try {
    return new Error(`Non-error value: ${JSON.stringify(reason)}`);
  } catch {
    return new Error('Non-error value');
  }
}

/**
 * Our own frames only (served by this site): an extension's or another origin's code says nothing
 * about our bugs, and the server groups by the frames it is given.
 */
function ownFrames(error: Error): StackFrame[] {
  try {
    return ErrorStackParser.parse(error)
      .filter((frame) => frame.fileName?.startsWith(window.location.origin))
      .slice(0, ERROR_REPORT_LIMITS.frames)
      .map((frame) => ({
        fileName: frame.fileName ? clip(frame.fileName, ERROR_REPORT_LIMITS.url) : undefined,
        functionName: frame.functionName
          ? clip(frame.functionName, ERROR_REPORT_LIMITS.type)
          : undefined,
        lineNumber: frame.lineNumber,
        columnNumber: frame.columnNumber,
      }));
  } catch {
    return [];
  }
}

function toReport(error: Error, kind: ErrorReportKind): ErrorReport {
  const report: ErrorReport = {
    kind,
    type: clip(error.name || 'Error', ERROR_REPORT_LIMITS.type),
    message: clip(error.message, ERROR_REPORT_LIMITS.message),
    stack: error.stack ? clip(error.stack, ERROR_REPORT_LIMITS.stack) : undefined,
    frames: ownFrames(error),
    // The path only: a query string may hold a token (invitation and reset links do).
    url: clip(window.location.pathname, ERROR_REPORT_LIMITS.url),
    // The server maps the frames with this release's source maps, and lists it on the group.
    ...(APP_RELEASE ? { release: clip(APP_RELEASE, ERROR_REPORT_LIMITS.release) } : {}),
  };
  // Stay under the server's size cap whatever the frames hold.
  if (JSON.stringify(report).length > ERROR_REPORT_MAX_BYTES / 2) report.frames = [];
  return report;
}

async function send(report: ErrorReport): Promise<void> {
  const token = getAccessToken();
  await fetch(endpoint(), {
    method: 'POST',
    keepalive: true,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(report),
  });
}

/** Sends what is queued; a report that cannot go now waits for the next error or page hide. */
async function flush(): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    while (queue.length > 0) {
      const next = queue[0];
      if (!next) break;
      await send(next);
      queue.shift();
    }
  } catch {
    // Offline or the server is down: the queue is tried again later.
  } finally {
    flushing = false;
  }
}

/** Whatever is still queued when the page goes away goes with sendBeacon, which outlives it. */
export function beaconQueued(): void {
  while (queue.length > 0) {
    const report = queue.shift();
    if (!report) break;
    const body = new Blob([JSON.stringify(report)], { type: 'application/json' });
    navigator.sendBeacon(endpoint(), body);
  }
}

/** Queues one error for Monitoring › Errors (at most once per distinct error on a page). */
export function enqueueError(reason: unknown, kind: ErrorReportKind): void {
  const error = asError(reason);
  const key = `${error.name}\n${error.message}\n${error.stack ?? ''}`;
  if (seen.has(key) || reported >= MAX_REPORTS_PER_PAGE) return;
  seen.add(key);
  reported += 1;
  queue.push(toReport(error, kind));
  void flush();
}

/** Tests start from a fresh page. */
export function resetErrorSender(): void {
  queue.length = 0;
  seen.clear();
  reported = 0;
}
