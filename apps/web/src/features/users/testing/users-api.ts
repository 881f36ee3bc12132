import {
  LIST_DEFAULT_LIMIT,
  type BulkCreateInput,
  type BulkCreateResult,
  type BulkUserResult,
  type BulkUsersAnswer,
  type BulkUsersInput,
  type LockedAccount,
  type MailDelivery,
  type Paginated,
  type User,
  type UserSortColumn,
} from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { createUser } from '../../../testing/data.js';
import { answer, type RecordedCall } from '../../../testing/http.js';
import { paginate } from '../../../testing/paginate.js';
import { API, server } from '../../../testing/server.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `user` matches the list filter in `query`, as the server's filter reads it. */
function matchesFilter(user: User, query: Record<string, string>): boolean {
  const search = (query.search ?? '').toLowerCase();
  if (
    search &&
    !user.email.includes(search) &&
    !(user.fullName ?? '').toLowerCase().includes(search)
  ) {
    return false;
  }
  if (query.position && user.position !== query.position) return false;
  if (query.status && user.status !== query.status) return false;
  if (query.neverSignedIn === 'true' && user.lastSignInAt !== null) return false;
  if (query.dormantDays) {
    // An account that never signed in counts from its creation.
    const last = Date.parse(user.lastSignInAt ?? user.createdAt);
    if (Date.now() - last < Number(query.dormantDays) * DAY_MS) return false;
  }
  if (query.invitedDays) {
    // A pending user whose invitation is gone counts too.
    if (user.status !== 'pending') return false;
    const sent = user.invitation ? Date.parse(user.invitation.sentAt) : 0;
    if (Date.now() - sent < Number(query.invitedDays) * DAY_MS) return false;
  }
  return true;
}

/**
 * GET /users/{user.id} answers `user`, and PATCH /users/{user.id} merges the body into it and
 * answers the result, as the server does. Returns the PATCH calls.
 */
export function serveEditableUser(user: User) {
  let current = user;
  const path = `/users/${user.id}`;
  answer('get', path, () => HttpResponse.json({ data: current }));
  return answer('patch', path, ({ body }) => {
    current = { ...current, ...(body as Partial<User>) };
    return HttpResponse.json({ data: current });
  });
}

/**
 * GET /users over `users`, answering as CONTRACT §4 says (search in name or email, filters,
 * sort, pages). Returns the query of every call, so tests see what the site asked for.
 */
export function serveUserList(users: User[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/users`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const sortBy = (query.sortBy ?? 'createdAt') as UserSortColumn;
      const direction = query.sortDirection === 'ASC' ? 1 : -1;
      const page = Number(query.page ?? 1);
      const limit = Number(query.limitPerPage ?? LIST_DEFAULT_LIMIT);

      const matching = users
        .filter((user) => matchesFilter(user, query))
        // Nulls (never signed in) sort first going up, as the server sorts them.
        .sort((a, b) => direction * String(a[sortBy] ?? '').localeCompare(String(b[sortBy] ?? '')));
      return HttpResponse.json(paginate(matching, page, limit));
    }),
  );
  return queries;
}

/** GET /monitoring/security/locked-accounts: the emails `locked()` gives are locked now. */
export function serveLockedAccounts(locked: () => string[]) {
  return answer('get', '/monitoring/security/locked-accounts', () => {
    const data: LockedAccount[] = locked().map((email) => ({
      email,
      user: null,
      lockedAt: '2026-11-25T10:00:00.000Z',
      lockedUntil: '2026-11-25T10:15:00.000Z',
      lockouts: 1,
    }));
    return HttpResponse.json({
      data,
      meta: { currentPage: 1, itemsPerPage: 100, totalItems: data.length, totalPages: 1 },
    } satisfies Paginated<LockedAccount>);
  });
}

/** The outcome of one row of POST /users/bulk. */
export type RowOutcome = (id: string, input: BulkUsersInput) => Omit<BulkUserResult, 'id'>;

/**
 * POST /users/bulk over `users`: with ids, each id gets `outcome`'s answer; with a filter, the
 * matches (in id order, after `after`, `limit` at a time) do, with the cursor in `next`.
 * Returns every call, so tests see the chunks and cursors the site sent.
 */
export function serveBulk(
  users: User[],
  outcome: RowOutcome,
  /** Awaited before the answer to the call with this index (0-based) goes out. */
  hold?: (call: number) => Promise<void> | void,
  /** What the answer to the call with this index says of mail delivery (resends only). */
  mailDelivery: (call: number) => MailDelivery = () => 'working',
) {
  let count = 0;
  const byId = new Map(users.map((user) => [user.id, user]));
  const result = (id: string, input: BulkUsersInput): BulkUserResult => ({
    id,
    ...outcome(id, input),
  });
  return answer('post', '/users/bulk', async ({ body }: RecordedCall) => {
    const call = count++;
    await hold?.(call);
    const input = body as BulkUsersInput;
    let answerBody: BulkUsersAnswer;
    if (input.ids) {
      answerBody = { results: input.ids.map((id) => result(id, input)), next: null };
    } else {
      const filter = Object.fromEntries(
        Object.entries(input.filter ?? {}).map(([key, value]) => [key, String(value)]),
      );
      const limit = input.limit ?? 100;
      const matches = [...byId.values()]
        .filter((user) => matchesFilter(user, filter))
        .sort((a, b) => a.id.localeCompare(b.id))
        .filter((user) => input.after === undefined || user.id > input.after);
      const page = matches.slice(0, limit);
      answerBody = {
        results: page.map((user) => result(user.id, input)),
        next: matches.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    }
    if (input.action === 'resendInvitation') answerBody.mailDelivery = mailDelivery(call);
    return HttpResponse.json({ data: answerBody });
  });
}

/** A row outcome that is `done`, naming the user as the server does. */
export const doneFor =
  (users: User[]): RowOutcome =>
  (id) => ({
    email: users.find((user) => user.id === id)?.email ?? null,
    outcome: 'done',
    message: null,
  });

/** GET /users/emails: answers with the users among `known` whose email was asked about. */
export function serveEmailCheck(known: User[] = []) {
  return answer('get', '/users/emails', ({ url }) => {
    const asked = (url.searchParams.get('emails') ?? '').split(',');
    const data = known.filter((user) => asked.includes(user.email));
    return HttpResponse.json({
      data,
      meta: { currentPage: 1, itemsPerPage: 100, totalItems: data.length, totalPages: 1 },
    } satisfies Paginated<User>);
  });
}

/**
 * POST /users/bulk-create: creates everyone asked for (pending, as sent) and skips nobody.
 * Returns every call.
 */
export function serveBulkCreate(
  /** Awaited before the answer to the call with this index (0-based) goes out. */
  hold?: (call: number) => Promise<void> | void,
  /** What each answer says of mail delivery. */
  mailDelivery: MailDelivery = 'working',
) {
  let count = 0;
  return answer('post', '/users/bulk-create', async ({ body }) => {
    await hold?.(count++);
    const { users } = body as BulkCreateInput;
    const result: BulkCreateResult = {
      created: users.map(({ email, fullName }) =>
        createUser({ email, fullName: fullName ?? null, status: 'pending' }),
      ),
      skipped: [],
      mailDelivery,
    };
    return HttpResponse.json({ data: result }, { status: 201 });
  });
}
