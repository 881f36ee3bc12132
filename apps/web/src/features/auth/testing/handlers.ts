import type { TokenCheck, User } from '@staff-admin/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { answer, apiError } from '../../../testing/http.js';
import { API, server } from '../../../testing/server.js';

/** GET /users/check-token answers with `respond`; the queries it received are recorded. */
export function answerCheckToken(respond: () => Response | Promise<Response>) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/users/check-token`, ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return respond();
    }),
  );
  return queries;
}

export const tokenCheck = (tokenStatus: TokenCheck['tokenStatus'], email: string) => () =>
  HttpResponse.json({ data: { tokenStatus, user: { email } } satisfies TokenCheck });

export const invalidToken = () => apiError(400, 'Invalid token');

/** POST /auth/login hands out tokens and GET /users/profile answers with `me`. */
export function answerSignIn(me: User) {
  server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: me })));
  return answer('post', '/auth/login', () =>
    HttpResponse.json({ data: { access_token: 'new-access', refresh_token: 'new-refresh' } }),
  );
}

/** Types a new password and its confirmation into an emailed link's form, then submits it. */
export async function submitNewPassword(
  user: UserEvent,
  label: string,
  password: string,
  confirmation = password,
) {
  await user.type(await screen.findByLabelText(label), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
}
