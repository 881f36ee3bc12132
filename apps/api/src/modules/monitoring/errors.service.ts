import {
  ERROR_REPORT_LIMITS,
  MONITORING_MESSAGES,
  type ErrorGroupDetail,
  type ErrorGroupStatus,
  type ErrorReport,
  type ErrorSource,
  type ListErrorGroupsQuery,
  type Paginated,
  type ErrorGroup,
  type StackFrame,
  type StoredStackFrame,
} from '@staff-admin/shared';
import ErrorStackParser from 'error-stack-parser';
import type { FastifyBaseLogger } from 'fastify';
import { toIso, type Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { paginationMeta } from '../../lib/pagination.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { NO_ORIGIN, type AuditRepository } from '../audit/index.js';
import { fingerprint } from './fingerprint.js';
import type { ErrorsRepository } from './errors.repository.js';
import { clip, pathOnly, scrubbed } from './scrub.js';
import type { SourceMaps } from './source-maps.js';

const TITLE_MAX_LENGTH = 200;
const USER_AGENT_MAX_LENGTH = 512;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A group keeps its newest 100 samples and counts every occurrence. The detail shows 20; 100 leave
 * room for the spread an admin compares (users, releases, browsers, pages) while a group holds at
 * most about 1.7 MB (a sample at every field's limit is about 17 KB, its frames included), however
 * often it occurs.
 * The newest, not the first: after a fix or a new release it is the recent samples that tell.
 */
export const SAMPLES_PER_GROUP = 100;

/** Browser reports today (UTC): how many were stored, how many dropped, and the daily cap. */
export interface BrowserReportsToday {
  stored: number;
  dropped: number;
  cap: number;
}

/** What the server knows about the request whose answer was a 500. */
export interface ServerErrorContext {
  method: string;
  /** The route pattern, e.g. `/api/users/:id` (never the URL with its ids and query). */
  route: string | null;
  status: number;
  requestId: string;
  userAgent: string | null;
  userId: string | null;
}

export interface ErrorRetention {
  occurrenceMs: number;
  groupMs: number;
}

interface ErrorsDeps {
  repository: ErrorsRepository;
  audit: AuditRepository;
  unitOfWork: UnitOfWork<{ errors: ErrorsRepository; audit: AuditRepository }>;
  retention: ErrorRetention;
  /** APP_RELEASE: stored with each server error. */
  release: string | null;
  /** ERROR_REPORTS_PER_DAY: browser samples stored per UTC day, past which they are dropped. */
  browserReportsPerDay: number;
  /** The site build's source maps, which map browser frames to our sources when stored. */
  sourceMaps: SourceMaps;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** A sample's stored frames (JSON) stay within this many characters. */
export const STORED_FRAMES_MAX_LENGTH = 4000;

/** The frames as stored, within STORED_FRAMES_MAX_LENGTH: the bottom frames go first. */
function framesToStore(frames: StoredStackFrame[]): string | null {
  for (let count = frames.length; count > 0; count -= 1) {
    const json = JSON.stringify(frames.slice(0, count));
    if (json.length <= STORED_FRAMES_MAX_LENGTH) return json;
  }
  return null;
}

/** A report's frames: as the site parsed them, else parsed here from its stack, else none. */
function reportFrames(report: ErrorReport): StackFrame[] {
  if (report.frames) return report.frames;
  if (!report.stack) return [];
  try {
    return ErrorStackParser.parse({
      name: report.type,
      message: report.message,
      stack: report.stack,
    })
      .slice(0, ERROR_REPORT_LIMITS.frames)
      .map((frame) => ({
        fileName: frame.fileName,
        functionName: frame.functionName,
        lineNumber: frame.lineNumber,
        columnNumber: frame.columnNumber,
      }));
  } catch {
    return [];
  }
}

const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';

function serverFrames(error: Error): StackFrame[] {
  try {
    return ErrorStackParser.parse(error).map((frame) => ({
      fileName: frame.fileName,
      functionName: frame.functionName,
      lineNumber: frame.lineNumber,
      columnNumber: frame.columnNumber,
    }));
  } catch {
    // No stack, or one the parser does not know: the message groups it.
    return [];
  }
}

/**
 * Errors of the server and of the site, stored as occurrences grouped by fingerprint, and the
 * admin's view of them. Recording is best effort: it never fails or delays the request it is
 * about (captureServerError), and nothing secret is written (scrub.ts).
 */
export class ErrorsService {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: ErrorsDeps) {}

  /** Records a server error after the answer has gone; a failure to record is logged only. */
  captureServerError(error: Error, context: ServerErrorContext): void {
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.recordServerError(error, context))
      .catch((failure: unknown) => {
        this.deps.log.error({ err: failure }, 'could not record a server error');
      })
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves once every error captured so far is written (tests, shutdown). */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  async recordServerError(error: Error, context: ServerErrorContext): Promise<void> {
    await this.store('server', {
      type: error.name || 'Error',
      message: error.message,
      stack: error.stack ?? null,
      frames: serverFrames(error),
      storedFrames: null,
      method: context.method,
      route: context.route,
      status: context.status,
      requestId: context.requestId,
      url: null,
      release: this.deps.release,
      userAgent: context.userAgent,
      userId: context.userId,
    });
  }

  async recordBrowserReport(
    report: ErrorReport,
    context: { userId: string | null; userAgent: string | null },
  ): Promise<void> {
    const given = reportFrames(report);
    const release = report.release ?? null;
    const mapped = await this.deps.sourceMaps.mapFrames(given, release);
    await this.store('browser', {
      type: report.type,
      message: report.message,
      stack: report.stack ?? null,
      // Mapped frames group the same crash across releases (fingerprint.ts): our source's file
      // and function, not a bundle's hashed name and a minifier's letters.
      frames: mapped.frames.map((frame, index) => (frame.minified ? frame : (given[index] ?? {}))),
      storedFrames: framesToStore(mapped.frames),
      method: null,
      route: null,
      status: null,
      requestId: null,
      url: pathOnly(report.url, ERROR_REPORT_LIMITS.url),
      release,
      userAgent: context.userAgent,
      userId: context.userId,
    });
  }

  private async store(
    source: ErrorSource,
    input: {
      type: string;
      message: string;
      stack: string | null;
      frames: StackFrame[];
      /** The frames kept with the sample (JSON), or null. */
      storedFrames: string | null;
      method: string | null;
      route: string | null;
      status: number | null;
      requestId: string | null;
      url: string | null;
      release: string | null;
      userAgent: string | null;
      userId: string | null;
    },
  ): Promise<void> {
    const type = scrubbed(input.type, ERROR_REPORT_LIMITS.type);
    const message = scrubbed(input.message, ERROR_REPORT_LIMITS.message);
    const title = clip(message ? `${type}: ${firstLine(message)}` : type, TITLE_MAX_LENGTH);
    const now = this.deps.clock.now();
    const caps = {
      perGroup: SAMPLES_PER_GROUP,
      browserPerDay: this.deps.browserReportsPerDay,
      dayStart: toIso(now - (now % DAY_MS)),
      hour: toIso(now - (now % HOUR_MS)),
    };
    const recorded = await this.deps.repository.record(
      {
        fingerprint: fingerprint({ source, type, message, frames: input.frames }),
        source,
        type,
        title,
        at: toIso(now),
        message,
        stack: input.stack === null ? null : scrubbed(input.stack, ERROR_REPORT_LIMITS.stack),
        method: input.method,
        route: input.route,
        status: input.status,
        requestId: input.requestId,
        url: input.url,
        release:
          input.release === null ? null : scrubbed(input.release, ERROR_REPORT_LIMITS.release),
        userAgent:
          input.userAgent === null ? null : scrubbed(input.userAgent, USER_AGENT_MAX_LENGTH),
        userId: input.userId,
        frames: input.storedFrames,
      },
      caps,
    );
    if (recorded?.regressed) {
      await this.deps.audit.record({
        action: 'error_group.status_changed',
        targetId: recorded.groupId,
        origin: NO_ORIGIN,
        details: { from: 'resolved', to: 'unresolved', regressed: true },
      });
    }
  }

  /** For the Overview: browser reports stored and dropped today, and the cap. */
  async browserReportsToday(): Promise<BrowserReportsToday> {
    const now = this.deps.clock.now();
    const today = await this.deps.repository.browserReportsSince(toIso(now - (now % DAY_MS)));
    return { ...today, cap: this.deps.browserReportsPerDay };
  }

  async list(query: ListErrorGroupsQuery): Promise<Paginated<ErrorGroup>> {
    const { groups, total } = await this.deps.repository.findPage(query);
    return { data: groups, meta: paginationMeta(query.page, query.limitPerPage, total) };
  }

  async get(id: string): Promise<ErrorGroupDetail> {
    const group = isUuid(id) ? await this.deps.repository.findById(id.toLowerCase()) : undefined;
    if (!group) throw notFound(MONITORING_MESSAGES.errorGroupNotFound);
    return group;
  }

  /** PATCH: resolve, ignore or reopen one group; the change goes to the audit trail. */
  async setStatus(
    actorId: string,
    id: string,
    status: ErrorGroupStatus,
    origin: RequestOrigin,
  ): Promise<ErrorGroupDetail> {
    const group = await this.get(id);
    await this.changeStatuses(actorId, [{ id: group.id, status: group.status }], status, origin);
    return this.get(group.id);
  }

  /** Bulk resolve: the groups that exist and are not resolved yet are resolved. */
  async resolveMany(actorId: string, ids: string[], origin: RequestOrigin): Promise<number> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const groups = await this.deps.repository.findStatuses(unique);
    return this.changeStatuses(
      actorId,
      groups.filter((group) => group.status !== 'resolved'),
      'resolved',
      origin,
    );
  }

  private async changeStatuses(
    actorId: string,
    groups: { id: string; status: ErrorGroupStatus }[],
    status: ErrorGroupStatus,
    origin: RequestOrigin,
  ): Promise<number> {
    const at = toIso(this.deps.clock.now());
    return this.deps.unitOfWork.run(async ({ repos }) => {
      let changed = 0;
      for (const group of groups) {
        if (!(await repos.errors.setStatus(group.id, status, at))) continue;
        if (group.status === status) continue;
        await repos.audit.record({
          action: 'error_group.status_changed',
          actorId,
          targetId: group.id,
          origin,
          details: { from: group.status, to: status },
        });
        changed += 1;
      }
      return changed;
    });
  }

  /** The retention job's part: old occurrences, and groups not seen for a long time. */
  async prune(now: number): Promise<{ occurrences: number; groups: number }> {
    return this.deps.repository.prune({
      occurrencesBefore: toIso(now - this.deps.retention.occurrenceMs),
      groupsBefore: toIso(now - this.deps.retention.groupMs),
    });
  }
}
