import type { TokenCheck, User } from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/server.js';

/** What the site sent to one endpoint, call by call. */
export interface Recorded {
  bodies: unknown[];
  authorizations: (string | null)[];
}

/** GET /users/check-token answers with `answer`; the queries it received are recorded. */
export function answerCheckToken(answer: () => Response | Promise<Response>) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/users/check-token`, ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return answer();
    }),
  );
  return queries;
}

export const tokenCheck = (tokenStatus: TokenCheck['tokenStatus'], email: string) => () =>
  HttpResponse.json({ data: { tokenStatus, user: { email } } satisfies TokenCheck });

export const invalidToken = () =>
  HttpResponse.json({ code: 400, message: 'Invalid token' }, { status: 400 });

/** Answers `method path` with `answer` and records each call's JSON body and bearer header. */
export function answerJson(
  method: 'post' | 'patch',
  path: string,
  answer: () => Response = () => HttpResponse.json({ data: null }),
): Recorded {
  const recorded: Recorded = { bodies: [], authorizations: [] };
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      recorded.bodies.push(await request.json());
      recorded.authorizations.push(request.headers.get('Authorization'));
      return answer();
    }),
  );
  return recorded;
}

/** POST /auth/login hands out tokens and GET /users/profile answers with `me`. */
export function answerSignIn(me: User): Recorded {
  server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: me })));
  return answerJson('post', '/auth/login', () =>
    HttpResponse.json({ data: { access_token: 'new-access', refresh_token: 'new-refresh' } }),
  );
}
