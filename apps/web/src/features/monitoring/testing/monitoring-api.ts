import type {
  ErrorGroup,
  ErrorGroupDetail,
  ErrorGroupRelease,
  ErrorOccurrence,
  OutboxMail,
  Paginated,
} from '@staff-admin/shared';
import { LIST_DEFAULT_LIMIT } from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { paginate } from '../../../testing/paginate.js';
import { API, server } from '../../../testing/server.js';

let counter = 0;

/** An error group as the API returns it; every call a new id. */
export function createErrorGroup(overrides: Partial<ErrorGroup> = {}): ErrorGroup {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `TypeError: x is undefined ${counter}`,
    source: 'browser',
    type: 'TypeError',
    status: 'unresolved',
    regressed: false,
    firstSeenAt: '2026-11-20T09:00:00.000Z',
    lastSeenAt: '2026-11-22T10:30:00.000Z',
    count: 3,
    usersAffected: 2,
    ...overrides,
  };
}

export function createOccurrence(overrides: Partial<ErrorOccurrence> = {}): ErrorOccurrence {
  counter += 1;
  return {
    id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    at: '2026-11-22T10:30:00.000Z',
    message: 'x is undefined',
    stack: 'TypeError: x is undefined\n    at renderRow (http://localhost/assets/users.js:1:2)',
    method: null,
    route: null,
    status: null,
    requestId: null,
    url: '/users',
    release: null,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    user: null,
    frames: [],
    ...overrides,
  };
}

export const detailOf = (
  group: ErrorGroup,
  occurrences: ErrorOccurrence[] = [createOccurrence()],
  releases: ErrorGroupRelease[] = [],
): ErrorGroupDetail => ({ ...group, resolvedAt: null, occurrences, releases });

/** GET /monitoring/error-groups over `groups` (as they are at each call): status and source filters, pages. */
export function serveErrorGroups(groups: ErrorGroup[] | (() => ErrorGroup[])) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/monitoring/error-groups`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const page = Number(query.page ?? 1);
      const limit = Number(query.limitPerPage ?? LIST_DEFAULT_LIMIT);
      const matching = (typeof groups === 'function' ? groups() : groups).filter(
        (group) =>
          (!query.status || group.status === query.status) &&
          (!query.source || group.source === query.source),
      );
      return HttpResponse.json(paginate(matching, page, limit));
    }),
  );
  return queries;
}

/** A mail of the outbox as the API returns it; every call a new id. */
export function createOutboxMail(overrides: Partial<OutboxMail> = {}): OutboxMail {
  counter += 1;
  return {
    id: `20000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'invitation',
    recipient: 'a***@example.com',
    state: 'sent',
    attempts: 0,
    nextAttemptAt: null,
    createdAt: '2026-11-22T10:30:00.000Z',
    sentAt: '2026-11-22T10:30:01.000Z',
    failedAt: null,
    lastError: null,
    ...overrides,
  };
}

/** GET /monitoring/mail over `mails`: state and kind filters, pages. */
export function serveMail(mails: OutboxMail[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/monitoring/mail`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const page = Number(query.page ?? 1);
      const limit = Number(query.limitPerPage ?? LIST_DEFAULT_LIMIT);
      const matching = mails.filter(
        (mail) =>
          (!query.state || mail.state === query.state) && (!query.kind || mail.kind === query.kind),
      );
      const body: Paginated<OutboxMail> = {
        data: matching.slice((page - 1) * limit, page * limit),
        meta: {
          currentPage: page,
          itemsPerPage: limit,
          totalItems: matching.length,
          totalPages: Math.ceil(matching.length / limit),
        },
      };
      return HttpResponse.json(body);
    }),
  );
  return queries;
}
