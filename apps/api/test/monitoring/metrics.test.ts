import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  getProfile,
  login,
  loginTokens,
  type TestApp,
} from '../helpers.js';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not served at all', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let families: Map<string, ParsedFamily>;
  let text: string;

  const scrape = async (headers: Record<string, string> = bearer(METRICS_TOKEN)) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', headers });

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN, APP_RELEASE: '2026.11.1' } });
    const admin = await createUser(t, { position: 'admin' });
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    await getProfile(t, tokens.access_token);
    await getProfile(t, tokens.access_token);
    await login(t, user.email, 'Wrong-Password-1');
    const adminTokens = await loginTokens(t, admin);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-create',
      headers: bearer(adminTokens.access_token),
      payload: { users: [{ email: 'metrics-invitee@example.com', position: 'contractor' }] },
    });
    // The worker writes the invitation to the log (no SMTP here) before the scrape.
    await t.app.mailWorker.nextPass();
    await t.app.inject({ method: 'GET', url: '/api/users/no-such-route/really' });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = response.body;
    families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
  });
  afterAll(() => t.close());

  const sample = (name: string, labels: Record<string, string>) =>
    families
      .get(name)
      ?.metrics.find((metric) =>
        Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
      );

  it('refuses a scrape without the token, or with another, in the contract body', async () => {
    for (const headers of [
      {},
      bearer('metrics-token-that-is-wrong-0123456789'),
      { authorization: METRICS_TOKEN },
    ]) {
      const response = await scrape(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: expect.any(String) as string });
      expect(response.body).not.toContain('staff_admin_');
    }
  });

  it('counts requests by method, route pattern and status, with their latency', () => {
    expect(families.get('staff_admin_http_requests_total')?.type).toBe('COUNTER');
    const profile = sample('staff_admin_http_requests_total', {
      method: 'GET',
      route: '/api/users/profile',
      status: '200',
    });
    expect(Number(profile?.value)).toBe(2);
    expect(
      Number(
        sample('staff_admin_http_requests_total', { route: '/api/auth/login', status: '400' })
          ?.value,
      ),
    ).toBe(1);
    // An unknown path is one series, not one per path.
    expect(
      sample('staff_admin_http_requests_total', { route: '(unmatched)', status: '404' }),
    ).toBeDefined();
    expect(families.get('staff_admin_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser folds a histogram's label sets into one; its series are read from the text.
    expect(text).toMatch(
      /^staff_admin_http_request_duration_seconds_count\{[^}]*route="\/api\/users\/profile"[^}]*\} 2$/m,
    );
    const sum =
      /^staff_admin_http_request_duration_seconds_sum\{[^}]*route="\/api\/users\/profile"[^}]*\} (\S+)$/m.exec(
        text,
      );
    expect(Number(sum?.[1])).toBeGreaterThan(0);
  });

  it('reads the mail outbox, the audit trail and the error groups from the database', () => {
    expect(sample('staff_admin_mail_outbox_messages', { state: 'logged' })?.value).toBe('1');
    expect(sample('staff_admin_mail_outbox_messages', { state: 'failed' })?.value).toBe('0');
    expect(
      Number(sample('staff_admin_audit_events_last_day', { action: 'auth.login_failed' })?.value),
    ).toBe(1);
    expect(
      Number(
        sample('staff_admin_audit_events_last_day', { action: 'auth.login_succeeded' })?.value,
      ),
    ).toBe(2);
    expect(families.get('staff_admin_error_groups')?.type).toBe('GAUGE');
  });

  it('includes the process (memory, heap, event-loop delay) and the release on every series', () => {
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'process_start_time_seconds',
    ]) {
      expect(families.get(name), name).toBeDefined();
    }
    expect(families.get('process_resident_memory_bytes')?.metrics[0]?.labels?.release).toBe(
      '2026.11.1',
    );
  });
});
