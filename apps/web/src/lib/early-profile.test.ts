import { ACCESS_TOKEN_STORAGE_KEY } from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../testing/data.js';
import { API, server } from '../testing/server.js';
import { storeTokens } from '../testing/session.js';
import { profileQueryOptions } from './auth.js';
import { requestProfileEarly, takeEarlyProfile } from './early-profile.js';
import { queryClient } from './query-client.js';

/** GET /users/profile answering `respond`; records the Authorization header of every call. */
function profileEndpoint(respond: (authorization: string | null) => Response) {
  const calls: (string | null)[] = [];
  server.use(
    http.get(`${API}/users/profile`, ({ request }) => {
      const authorization = request.headers.get('Authorization');
      calls.push(authorization);
      return respond(authorization);
    }),
  );
  return calls;
}

afterEach(async () => {
  // Nothing left over for the next test.
  await takeEarlyProfile(null);
});

describe('early profile request', () => {
  it('asks nothing when no one is signed in', async () => {
    const calls = profileEndpoint(() => HttpResponse.json({ data: createUser() }));
    requestProfileEarly();
    expect(await takeEarlyProfile(null)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('hands the user it got to the profile query, once, which then asks no more', async () => {
    const me = createUser();
    storeTokens('access-token');
    const calls = profileEndpoint(() => HttpResponse.json({ data: me }));

    requestProfileEarly();
    expect(await queryClient.fetchQuery(profileQueryOptions())).toEqual(me);
    expect(calls).toEqual(['Bearer access-token']);

    // A later load of the profile (after saving it, say) asks the server again.
    expect(await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 })).toEqual(me);
    expect(calls).toHaveLength(2);
  });

  it('leaves a failed answer to the API client, which refreshes the expired token', async () => {
    const me = createUser();
    storeTokens('expired-token', 'old-refresh');
    const calls = profileEndpoint((authorization) =>
      authorization === 'Bearer new-access'
        ? HttpResponse.json({ data: me })
        : HttpResponse.json({ code: 401, message: 'Authentication required' }, { status: 401 }),
    );
    server.use(
      http.post(`${API}/auth/refresh-token/old-refresh`, () =>
        HttpResponse.json({ data: { access_token: 'new-access', refresh_token: 'new-refresh' } }),
      ),
    );

    requestProfileEarly();
    expect(await queryClient.fetchQuery(profileQueryOptions())).toEqual(me);
    expect(calls).toEqual(['Bearer expired-token', 'Bearer expired-token', 'Bearer new-access']);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('new-access');
  });

  it('leaves a network failure to the API client', async () => {
    storeTokens('access-token');
    server.use(http.get(`${API}/users/profile`, () => HttpResponse.error()));
    requestProfileEarly();
    expect(await takeEarlyProfile('access-token')).toBeNull();
  });

  it('ignores an answer meant for another session', async () => {
    storeTokens('first-token');
    profileEndpoint(() => HttpResponse.json({ data: createUser() }));
    requestProfileEarly();
    expect(await takeEarlyProfile('second-token')).toBeNull();
  });
});
