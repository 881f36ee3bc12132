import {
  ACCESS_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  type TokenPair,
} from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, server } from '../testing/server.js';
import { storeTokens } from '../testing/session.js';
import { api, onAccessRefused } from './api-client.js';
import { queryClient } from './query-client.js';
import { subscribeToSession } from './session.js';

const OLD = { access_token: 'old-access', refresh_token: 'old-refresh' };
const NEW = { access_token: 'new-access', refresh_token: 'new-refresh' };

/**
 * GET /things/:id answers 200 to the new token and 401 to anything else; it records every call.
 * `oldTokenCalls` resolves once that many calls with another token have come in: a refresh held
 * until then is still under way when every one of them is refused.
 */
function thingsEndpoint(expectedOldTokenCalls = 1) {
  const calls: { id: string; authorization: string | null }[] = [];
  let arrived = () => {};
  const oldTokenCalls = new Promise<void>((resolve) => (arrived = resolve));
  server.use(
    http.get(`${API}/things/:id`, ({ request, params }) => {
      const authorization = request.headers.get('Authorization');
      calls.push({ id: String(params.id), authorization });
      if (authorization === `Bearer ${NEW.access_token}`) {
        return HttpResponse.json({ data: { id: params.id } });
      }
      const refused = calls.filter((call) => call.authorization !== `Bearer ${NEW.access_token}`);
      if (refused.length === expectedOldTokenCalls) arrived();
      return HttpResponse.json({ code: 401, message: 'Authentication required' }, { status: 401 });
    }),
  );
  return { calls, oldTokenCalls };
}

/** POST /auth/refresh-token/:token records its calls and gives `answer`, once `after` resolves. */
function refreshEndpoint(answer: () => Response, after: Promise<void> = Promise.resolve()) {
  const calls: { refreshToken: string; authorization: string | null }[] = [];
  server.use(
    http.post(`${API}/auth/refresh-token/:refreshToken`, async ({ request, params }) => {
      calls.push({
        refreshToken: String(params.refreshToken),
        authorization: request.headers.get('Authorization'),
      });
      await after;
      return answer();
    }),
  );
  return calls;
}

const ids = Array.from({ length: 20 }, (_, index) => String(index + 1));

describe('api client', () => {
  let sessionEvents: (TokenPair | null)[];
  let unsubscribe: () => void;

  beforeEach(() => {
    storeTokens(OLD.access_token, OLD.refresh_token);
    sessionEvents = [];
    unsubscribe = subscribeToSession((tokens) => sessionEvents.push(tokens));
  });
  afterEach(() => unsubscribe());

  it('sends the stored access token as a bearer header', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/ping`, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ data: 'pong' });
      }),
    );
    await api.get('/ping');
    expect(authorization).toBe(`Bearer ${OLD.access_token}`);
  });

  it('keeps an authorization header the request already has', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/ping`, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ data: 'pong' });
      }),
    );
    await api.get('/ping', { headers: { Authorization: 'Bearer explicit' } });
    expect(authorization).toBe('Bearer explicit');
  });

  it('sends no authorization header without a stored token', async () => {
    localStorage.clear();
    let authorization: string | null = 'unset';
    server.use(
      http.get(`${API}/ping`, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ data: 'pong' });
      }),
    );
    await api.get('/ping');
    expect(authorization).toBeNull();
  });

  it('refreshes once for 20 parallel 401s and replays every request with the new token', async () => {
    const { calls: things, oldTokenCalls } = thingsEndpoint(ids.length);
    const refreshes = refreshEndpoint(() => HttpResponse.json({ data: NEW }), oldTokenCalls);

    const results = await Promise.all(ids.map((id) => api.get(`/things/${id}`)));

    expect(refreshes).toEqual([
      { refreshToken: OLD.refresh_token, authorization: `Bearer ${OLD.access_token}` },
    ]);
    expect(results.map((result) => (result.data as { data: { id: string } }).data.id)).toEqual(ids);
    for (const id of ids) {
      expect(things.filter((call) => call.id === id).map((call) => call.authorization)).toEqual([
        `Bearer ${OLD.access_token}`,
        `Bearer ${NEW.access_token}`,
      ]);
    }
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(NEW.access_token);
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe(NEW.refresh_token);
    expect(sessionEvents).toEqual([NEW]);
  });

  it('replays a late 401 with the already renewed token instead of refreshing again', async () => {
    const { calls: things } = thingsEndpoint();
    const refreshes = refreshEndpoint(() => HttpResponse.json({ data: NEW }));
    await api.get('/things/1');
    expect(refreshes).toHaveLength(1);

    // A request that left with the old token but fails after the refresh finished.
    await api.get('/things/2', { headers: { Authorization: `Bearer ${OLD.access_token}` } });
    expect(refreshes).toHaveLength(1);
    expect(things.filter((call) => call.id === '2').map((call) => call.authorization)).toEqual([
      `Bearer ${OLD.access_token}`,
      `Bearer ${NEW.access_token}`,
    ]);
  });

  it('signs out and replays nothing when the refresh is refused with 403', async () => {
    const { calls: things, oldTokenCalls } = thingsEndpoint(ids.length);
    const refusal = { code: 403, message: 'Your session has ended. Please log in again.' };
    const refreshes = refreshEndpoint(
      () => HttpResponse.json(refusal, { status: 403 }),
      oldTokenCalls,
    );
    localStorage.setItem('unrelated', 'kept until sign-out');
    sessionStorage.setItem('draft', 'kept until sign-out');
    queryClient.setQueryData(['users', 'profile'], { id: 'cached' });

    const outcomes = await Promise.allSettled(ids.map((id) => api.get(`/things/${id}`)));

    expect(refreshes).toHaveLength(1);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason)).toEqual(
      ids.map(() => refusal),
    );
    expect(things).toHaveLength(ids.length);
    expect(things.every((call) => call.authorization === `Bearer ${OLD.access_token}`)).toBe(true);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryData(['users', 'profile'])).toBeUndefined();
    expect(sessionEvents).toEqual([null]);
  });

  it('signs out when the refresh fails for any other reason', async () => {
    thingsEndpoint();
    refreshEndpoint(() => HttpResponse.json({ code: 500, message: 'Boom' }, { status: 500 }));

    await expect(api.get('/things/1')).rejects.toEqual({ code: 500, message: 'Boom' });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionEvents).toEqual([null]);
  });

  it('signs out without calling the server when no refresh token is stored', async () => {
    localStorage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
    thingsEndpoint();
    const refreshes = refreshEndpoint(() => HttpResponse.json({ data: NEW }));

    await expect(api.get('/things/1')).rejects.toMatchObject({ code: 401 });
    expect(refreshes).toHaveLength(0);
    expect(sessionEvents).toEqual([null]);
  });

  it('never refreshes on a 401 from login', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ data: NEW }));
    const body = { code: 401, message: 'Authentication required' };
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json(body, { status: 401 })));

    await expect(api.post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toEqual(body);
    expect(refreshes).toHaveLength(0);
    expect(sessionEvents).toEqual([]);
  });

  it('never refreshes on a 401 from the refresh call itself', async () => {
    thingsEndpoint();
    const refreshes = refreshEndpoint(() =>
      HttpResponse.json({ code: 401, message: 'Authentication required' }, { status: 401 }),
    );

    await expect(api.get('/things/1')).rejects.toMatchObject({ code: 401 });
    expect(refreshes).toHaveLength(1);
    expect(sessionEvents).toEqual([null]);
  });

  it('does not refresh again when a replayed request still gets 401', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ data: NEW }));
    server.use(
      http.get(`${API}/always-401`, () =>
        HttpResponse.json({ code: 401, message: 'Still no' }, { status: 401 }),
      ),
    );

    await expect(api.get('/always-401')).rejects.toEqual({ code: 401, message: 'Still no' });
    expect(refreshes).toHaveLength(1);
  });

  it('rejects other errors with the server body, or a fallback body without one', async () => {
    const body = { code: 409, message: 'This email is already in use' };
    server.use(
      http.post(`${API}/conflict`, () => HttpResponse.json(body, { status: 409 })),
      http.get(
        `${API}/html-error`,
        () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 }),
      ),
    );

    await expect(api.post('/conflict')).rejects.toEqual(body);
    await expect(api.get('/html-error')).rejects.toEqual({
      code: 502,
      message: 'Something wrong.',
    });
  });

  it("rejects a failed download with the server's error body, read from its bytes", async () => {
    const body = { code: 400, message: 'sortBy must be one of fullName, email' };
    server.use(
      http.get(`${API}/report.csv`, () => HttpResponse.json(body, { status: 400 })),
      http.get(`${API}/broken.csv`, () => new HttpResponse('not json', { status: 500 })),
    );

    await expect(api.get('/report.csv', { responseType: 'arraybuffer' })).rejects.toEqual(body);
    await expect(api.get('/broken.csv', { responseType: 'arraybuffer' })).rejects.toEqual({
      code: 500,
      message: 'Something wrong.',
    });
  });

  it('tells its listeners why a call was refused, for a 403 with a reason only', async () => {
    const refusal = (reason?: string) => ({ code: 403, message: 'Refused', reason });
    server.use(
      http.get(`${API}/setup-first`, () =>
        HttpResponse.json(refusal('two_step_setup_required'), { status: 403 }),
      ),
      http.get(`${API}/confirm-first`, () =>
        HttpResponse.json(refusal('reauthentication_required'), { status: 403 }),
      ),
      http.get(`${API}/forbidden`, () => HttpResponse.json(refusal(), { status: 403 })),
    );
    const reasons: string[] = [];
    const stopListening = onAccessRefused((reason) => reasons.push(reason));

    await expect(api.get('/setup-first')).rejects.toMatchObject({ code: 403 });
    await expect(api.get('/confirm-first')).rejects.toMatchObject({ code: 403 });
    await expect(api.get('/forbidden')).rejects.toMatchObject({ code: 403 });
    stopListening();
    await expect(api.get('/setup-first')).rejects.toMatchObject({ code: 403 });

    expect(reasons).toEqual(['two_step_setup_required', 'reauthentication_required']);
  });

  it('rejects a network failure with the transport error', async () => {
    server.use(http.get(`${API}/offline`, () => HttpResponse.error()));
    const onError = vi.fn();
    await api.get('/offline').catch(onError);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ isAxiosError: true, code: 'ERR_NETWORK' });
  });
});
