import {
  DIRECTORY_MESSAGES,
  LIST_DEFAULT_LIMIT,
  type IssuedScimToken,
  type ScimLogEntry,
  type ScimToken,
} from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { reauthenticationRequired } from '../../../testing/http.js';
import { paginate } from '../../../testing/paginate.js';
import { API, server } from '../../../testing/server.js';

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

/** A live token as GET /directory/tokens lists it; every call a new id. */
export function createScimToken(overrides: Partial<ScimToken> = {}): ScimToken {
  return {
    id: nextId('30000000'),
    name: `Directory ${counter}`,
    createdAt: '2026-11-20T09:00:00.000Z',
    createdBy: {
      id: '00000000-0000-4000-8000-000000000999',
      fullName: 'Ada Admin',
      email: 'ada@example.com',
    },
    rotatedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

/** One SCIM call of the sync log; every call a new id. */
export function createScimLogEntry(overrides: Partial<ScimLogEntry> = {}): ScimLogEntry {
  return {
    id: nextId('40000000'),
    at: '2026-11-22T10:30:00.000Z',
    tokenName: 'Okta production',
    operation: 'create',
    resourceType: 'User',
    user: null,
    subject: 'dana@example.com',
    status: 201,
    detail: null,
    ...overrides,
  };
}

/** A secret as the API issues it: shown once. */
const secretFor = (token: ScimToken) => `scim_${token.id.replace(/-/g, '')}_${counter}`;

interface ServeTokensOptions {
  /** The first create and rotate answer 403 until POST /auth/reauthenticate is called. */
  reauthenticate?: boolean;
}

/** What the token calls were asked, in order. */
export interface TokenCalls {
  created: unknown[];
  rotated: string[];
  revoked: string[];
  reauthenticated: number;
}

/**
 * The token calls over `tokens` (kept as the API keeps them: new ones first): GET lists them,
 * POST makes one (409 with the shared message for a name taken), rotate gives a new secret,
 * DELETE revokes one (204). With `reauthenticate`, create and rotate want a recent confirmation
 * of the password first, as the API does.
 */
export function serveScimTokens(
  initial: ScimToken[] = [],
  { reauthenticate = false }: ServeTokensOptions = {},
) {
  let tokens = [...initial];
  let confirmed = !reauthenticate;
  const calls: TokenCalls = { created: [], rotated: [], revoked: [], reauthenticated: 0 };
  server.use(
    http.get(`${API}/directory/tokens`, () => HttpResponse.json({ data: tokens })),
    http.post(`${API}/auth/reauthenticate`, () => {
      calls.reauthenticated += 1;
      confirmed = true;
      return HttpResponse.json({ data: { reauthenticatedUntil: '2030-01-01T00:05:00.000Z' } });
    }),
    http.post(`${API}/directory/tokens`, async ({ request }) => {
      if (!confirmed) return reauthenticationRequired();
      const body = (await request.json()) as { name: string };
      calls.created.push(body);
      if (tokens.some((token) => token.name === body.name)) {
        return HttpResponse.json(
          { code: 409, message: DIRECTORY_MESSAGES.tokenNameTaken },
          { status: 409 },
        );
      }
      const token = createScimToken({ name: body.name, createdAt: '2026-11-23T08:00:00.000Z' });
      tokens = [token, ...tokens];
      const issued: IssuedScimToken = { token, secret: secretFor(token) };
      return HttpResponse.json({ data: issued }, { status: 201 });
    }),
    http.post(`${API}/directory/tokens/:id/rotate`, ({ params }) => {
      if (!confirmed) return reauthenticationRequired();
      const id = String(params.id);
      calls.rotated.push(id);
      const found = tokens.find((token) => token.id === id);
      if (!found) return tokenNotFound();
      const token = { ...found, rotatedAt: '2026-11-23T08:30:00.000Z' };
      tokens = tokens.map((each) => (each.id === id ? token : each));
      const issued: IssuedScimToken = { token, secret: secretFor(token) };
      return HttpResponse.json({ data: issued });
    }),
    http.delete(`${API}/directory/tokens/:id`, ({ params }) => {
      const id = String(params.id);
      calls.revoked.push(id);
      if (!tokens.some((token) => token.id === id)) return tokenNotFound();
      tokens = tokens.filter((token) => token.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const tokenNotFound = () =>
  HttpResponse.json({ code: 404, message: DIRECTORY_MESSAGES.tokenNotFound }, { status: 404 });

/** GET /directory/log over `entries`: `result=failed` keeps 4xx and 5xx; pages. Its queries, in order. */
export function serveScimLog(entries: ScimLogEntry[] = []) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/directory/log`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const page = Number(query.page ?? 1);
      const limit = Number(query.limitPerPage ?? LIST_DEFAULT_LIMIT);
      const matching =
        query.result === 'failed' ? entries.filter((entry) => entry.status >= 400) : entries;
      return HttpResponse.json(paginate(matching, page, limit));
    }),
  );
  return queries;
}
