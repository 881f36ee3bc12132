import {
  OVERVIEW_COUNTS,
  type Overview,
  type OverviewCheck,
  type OverviewCount,
  type OverviewProcess,
} from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.js';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { OVERVIEW_KEY } from '../api/get-overview.js';

const ADMIN = createUser({ position: 'admin' });
const HOUR = 3_600_000;

function countOf(name: OverviewCount['name'], perHour: number[] = []): OverviewCount {
  const last = Math.floor(Date.now() / HOUR) * HOUR;
  const hours = Array.from({ length: 24 }, (_, index) => ({
    hour: new Date(last - (23 - index) * HOUR).toISOString(),
    count: perHour[index] ?? 0,
  }));
  return { name, total: hours.reduce((sum, hour) => sum + hour.count, 0), hours };
}

function createProcess(overrides: Partial<OverviewProcess> = {}): OverviewProcess {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    host: 'api-1',
    pid: 4242,
    startedAt: new Date(Date.now() - 2 * HOUR - 5.5 * 60_000).toISOString(),
    lastSeenAt: new Date().toISOString(),
    release: '2026.11.3',
    rssBytes: 120 * 1_048_576,
    heapUsedBytes: 40 * 1_048_576,
    heapTotalBytes: 64 * 1_048_576,
    eventLoopDelayP50Ms: 10.2,
    eventLoopDelayP99Ms: 21.5,
    nodeVersion: 'v22.11.0',
    current: true,
    ...overrides,
  };
}

/** A check as a test writes it: without figures, its availability is none yet. */
type CheckInput = Omit<OverviewCheck, 'availability'> &
  Partial<Pick<OverviewCheck, 'availability'>>;
const NO_AVAILABILITY: OverviewCheck['availability'] = { day: null, month: null, quarter: null };

/** A fresh install: every part passes, one process, nothing counted yet. */
function createOverview(
  overrides: Omit<Partial<Overview>, 'checks'> & { checks?: CheckInput[] } = {},
): Overview {
  const time = new Date().toISOString();
  const { checks, ...rest } = overrides;
  const overview: Omit<Overview, 'checks'> & { checks: CheckInput[] } = {
    status: 'pass',
    time,
    release: '2026.11.3',
    checks: [
      { name: 'database', status: 'pass', output: 'ok', latencyMs: 0.4, time, at: null },
      {
        name: 'mailWorker',
        status: 'pass',
        output: 'no mail waiting',
        latencyMs: 1.2,
        time,
        at: null,
      },
      {
        name: 'retention',
        status: 'pass',
        output: 'last run finished',
        latencyMs: 0.8,
        time,
        at: null,
      },
      { name: 'process', status: 'pass', output: 'ok', latencyMs: 0, time, at: null },
    ],
    processes: [createProcess()],
    counts: OVERVIEW_COUNTS.map((name) => countOf(name)),
    ...rest,
    ...(checks && { checks }),
  };
  return {
    ...overview,
    checks: overview.checks.map((check) => ({ availability: NO_AVAILABILITY, ...check })),
  };
}

const serveOverview = (overview: Overview) =>
  answer('get', '/monitoring/overview', () => HttpResponse.json({ data: overview }));

const card = (name: string) => screen.getByRole('listitem', { name });

describe('monitoring overview', () => {
  it('is what /monitoring shows, first in the area’s navigation', async () => {
    serveOverview(createOverview());
    const { router } = renderApp('/monitoring', { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/monitoring');
    const nav = screen.getByRole('navigation', { name: 'Monitoring' });
    const links = within(nav).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Overview');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Errors' })).not.toHaveAttribute('aria-current');
  });

  it('shows a spinner while it loads', async () => {
    const held = gate();
    answer('get', '/monitoring/overview', async () => {
      await held.opened;
      return HttpResponse.json({ data: createOverview() });
    });
    renderApp('/monitoring', { user: ADMIN });
    expect(await screen.findByText('Loading the overview…')).toBeVisible();
    held.open();
    expect(await screen.findByRole('listitem', { name: 'Database' })).toBeVisible();
  });

  it('says so on a fresh install with nothing counted yet', async () => {
    serveOverview(createOverview());
    renderApp('/monitoring', { user: ADMIN });
    expect(await screen.findByText('Nothing happened in the last 24 hours.')).toBeVisible();
    expect(within(card('Database')).getByText('Pass')).toBeVisible();
  });

  it('says when the overview cannot be loaded, and tries again', async () => {
    answer('get', '/monitoring/overview', () => apiError(500, 'Database is down'));
    const { user } = renderApp('/monitoring', { user: ADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The overview could not be loaded. Database is down');

    serveOverview(createOverview());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Database' })).toBeVisible();
  });

  it('shows each part’s state in words, its latency and when it was checked', async () => {
    const time = new Date().toISOString();
    serveOverview(
      createOverview({
        status: 'warn',
        checks: [
          { name: 'database', status: 'pass', output: 'ok', latencyMs: 0.4, time, at: null },
          { name: 'redis', status: 'fail', output: 'unavailable', latencyMs: 2000, time, at: null },
          {
            name: 'mailWorker',
            status: 'warn',
            output: '1 mail waiting for the worker, due',
            latencyMs: 1.2,
            time,
            at: new Date(Date.parse(time) - 12 * 60_000).toISOString(),
          },
        ],
      }),
    );
    renderApp('/monitoring', { user: ADMIN });
    const database = await screen.findByRole('listitem', { name: 'Database' });
    expect(database).toHaveTextContent('Pass');
    expect(database).toHaveTextContent('0.4 ms · checked now');
    expect(card('Redis')).toHaveTextContent('Fail');
    expect(card('Redis')).toHaveTextContent('unavailable');
    expect(card('Mail worker')).toHaveTextContent('Warn');
    expect(card('Mail worker')).toHaveTextContent(
      '1 mail waiting for the worker, due 12 minutes ago',
    );
  });

  it('shows the times a check speaks of as people read them, the ISO value in <time>', async () => {
    const time = new Date().toISOString();
    const finished = new Date(Date.parse(time) - 3 * 24 * HOUR).toISOString();
    serveOverview(
      createOverview({
        status: 'warn',
        checks: [
          {
            name: 'retention',
            status: 'warn',
            output: 'last run finished',
            latencyMs: 0.8,
            time,
            at: finished,
          },
        ],
      }),
    );
    renderApp('/monitoring', { user: ADMIN });
    const retention = await screen.findByRole('listitem', { name: 'Retention job' });
    expect(retention).toHaveTextContent('last run finished 3 days ago');
    expect(retention).not.toHaveTextContent(/\d{4}-\d\d-\d\dT/);
    const times = [...retention.querySelectorAll('time')].map((node) => node.dateTime);
    expect(times).toEqual([finished, time]);
  });

  it('links each card to the screen where it can be looked into', async () => {
    const time = new Date().toISOString();
    serveOverview(
      createOverview({
        checks: [
          { name: 'database', status: 'pass', output: 'ok', latencyMs: 0.4, time, at: null },
          {
            name: 'smtp',
            status: 'pass',
            output: 'no mail sent yet',
            latencyMs: 1,
            time,
            at: null,
          },
          {
            name: 'mailWorker',
            status: 'pass',
            output: 'no mail waiting',
            latencyMs: 1,
            time,
            at: null,
          },
          {
            name: 'errorReports',
            status: 'pass',
            output: '0 of 5,000',
            latencyMs: 1,
            time,
            at: null,
          },
        ],
      }),
    );
    renderApp('/monitoring', { user: ADMIN });
    const href = (name: string) =>
      within(card(name))
        .queryAllByRole('link')
        .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
    await screen.findByRole('listitem', { name: 'SMTP' });
    expect(href('Database')).toEqual([]);
    expect(href('SMTP')).toEqual(['View mail /monitoring/mail']);
    expect(href('Mail worker')).toEqual(['View mail /monitoring/mail']);
    expect(href('Error reports')).toEqual(['View errors /monitoring/errors']);
    expect(href('Failed mails')).toEqual(['View failed mail /monitoring/mail?state=failed']);
    expect(href('Server errors (5xx)')).toEqual([
      'View server errors /monitoring/errors?source=server',
    ]);
    expect(href('Lockouts')).toEqual(['View security /monitoring/security']);
  });

  it('says when browser error reports are being dropped, and how many today', async () => {
    const time = new Date().toISOString();
    const output =
      '1,234 browser reports dropped today: the daily cap of 5,000 stored reports is reached ' +
      '(ERROR_REPORTS_PER_DAY); their groups still count them';
    serveOverview(
      createOverview({
        status: 'warn',
        checks: [
          { name: 'database', status: 'pass', output: 'ok', latencyMs: 0.4, time, at: null },
          { name: 'errorReports', status: 'warn', output, latencyMs: 0.6, time, at: null },
        ],
      }),
    );
    renderApp('/monitoring', { user: ADMIN });
    const reports = await screen.findByRole('listitem', { name: 'Error reports' });
    expect(within(reports).getByRole('heading', { level: 3 })).toHaveTextContent('Error reports');
    expect(reports).toHaveTextContent('Warn');
    expect(reports).toHaveTextContent(output);
    expect(screen.getByText('Overall').parentElement).toHaveTextContent('Warn');
  });

  it('shows a card for every live process', async () => {
    serveOverview(
      createOverview({
        processes: [
          createProcess(),
          createProcess({
            id: '20000000-0000-4000-8000-000000000002',
            host: 'api-2',
            pid: 77,
            current: false,
          }),
        ],
      }),
    );
    renderApp('/monitoring', { user: ADMIN });
    const first = await screen.findByRole('listitem', { name: 'Process api-1 · pid 4242' });
    expect(first).toHaveTextContent('(answered this page)');
    expect(first).toHaveTextContent('Uptime2 h 5 min');
    expect(first).toHaveTextContent('Memory (RSS)120 MB');
    expect(first).toHaveTextContent('Heap40 MB of 64 MB');
    expect(first).toHaveTextContent('p50 10.2 ms, p99 21.5 ms');
    expect(first).toHaveTextContent('v22.11.0');
    expect(first).toHaveTextContent('2026.11.3');
    expect(card('Process api-2 · pid 77')).not.toHaveTextContent('answered this page');
  });

  it('shows each count with its hours as a named chart and a table', async () => {
    const perHour = Array.from({ length: 24 }, (_, index) =>
      index === 23 ? 3 : index === 22 ? 1 : 0,
    );
    serveOverview(
      createOverview({
        counts: OVERVIEW_COUNTS.map((name) =>
          name === 'serverErrors' ? countOf(name, perHour) : countOf(name),
        ),
      }),
    );
    renderApp('/monitoring', { user: ADMIN });
    const errors = await screen.findByRole('listitem', { name: 'Server errors (5xx)' });
    expect(within(errors).getByText('4')).toBeVisible();
    expect(
      within(errors).getByRole('img', { name: 'Server errors (5xx) per hour, last 24 hours' }),
    ).toBeInTheDocument();
    const table = within(errors).getByRole('table', {
      name: 'Server errors (5xx) per hour, last 24 hours',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(24);
    expect(rows.at(-1)).toHaveTextContent(/^\d\d:00 UTC3$/);
    expect(screen.queryByText('Nothing happened in the last 24 hours.')).not.toBeInTheDocument();
  });

  it('keeps the last figures and says they are stale when a refresh fails', async () => {
    serveOverview(createOverview());
    renderApp('/monitoring', { user: ADMIN });
    expect(await screen.findByText('Last updated now')).toBeVisible();

    answer('get', '/monitoring/overview', () => apiError(503, 'Service unavailable'));
    await queryClient.refetchQueries({ queryKey: OVERVIEW_KEY });
    await waitFor(() =>
      expect(screen.getByText(/cannot reach the server$/)).toHaveTextContent(
        /^Last updated (now|\d+ seconds? ago) — cannot reach the server$/,
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('the server cannot be reached');
    expect(card('Database')).toHaveTextContent('Pass');
  });
});

describe('monitoring overview: the identity provider (SSO)', () => {
  const MINUTE = 60_000;

  function withProvider(
    provider: Partial<NonNullable<Overview['identityProvider']>>,
    check: Partial<CheckInput> = {},
  ): Overview {
    const time = new Date().toISOString();
    return createOverview({
      checks: [
        { name: 'database', status: 'pass', output: 'ok', latencyMs: 0.4, time, at: null },
        {
          name: 'identityProvider',
          status: 'pass',
          output: 'reachable',
          latencyMs: 3,
          time,
          at: null,
          ...check,
        },
      ],
      identityProvider: {
        displayName: 'Acme',
        reachable: true,
        lastFailure: null,
        lastSignInAt: null,
        refusals24h: 0,
        ...provider,
      },
    });
  }

  it('shows its state, the last company sign-in and the day’s refusals, linked to their audit trail', async () => {
    const signedIn = new Date(Date.now() - 5 * MINUTE).toISOString();
    serveOverview(withProvider({ lastSignInAt: signedIn, refusals24h: 2 }));
    renderApp('/monitoring', { user: ADMIN });
    const provider = await screen.findByRole('listitem', { name: 'Identity provider' });
    expect(within(provider).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Identity provider',
    );
    expect(provider).toHaveTextContent('Pass');
    expect(provider).toHaveTextContent('Acme: reachable');
    expect(provider).toHaveTextContent('Last sign-in5 minutes ago');
    expect(provider.querySelector('time')?.dateTime).toBe(signedIn);
    expect(provider).toHaveTextContent('Refusals (24 h)2');
    expect(within(provider).getByRole('link', { name: 'View refusals' })).toHaveAttribute(
      'href',
      '/monitoring/security?action=auth.sso_refused',
    );
  });

  it('warns while the provider cannot be reached, and says why', async () => {
    const failedAt = new Date(Date.now() - 2 * MINUTE).toISOString();
    serveOverview(
      withProvider(
        { reachable: false, lastFailure: { at: failedAt, message: 'fetch failed' } },
        {
          status: 'warn',
          output: 'cannot be reached: company sign-in is refused, password sign-in still works',
          at: failedAt,
        },
      ),
    );
    renderApp('/monitoring', { user: ADMIN });
    const provider = await screen.findByRole('listitem', { name: 'Identity provider' });
    expect(provider).toHaveTextContent('Warn');
    expect(provider).toHaveTextContent('password sign-in still works');
    expect(provider).toHaveTextContent('Last sign-innone yet');
    expect(provider).toHaveTextContent('Last failurefetch failed 2 minutes ago');
  });

  it('is not shown without SSO', async () => {
    serveOverview(createOverview());
    renderApp('/monitoring', { user: ADMIN });
    await screen.findByRole('listitem', { name: 'Database' });
    expect(screen.queryByRole('listitem', { name: 'Identity provider' })).toBeNull();
  });
});

describe('monitoring overview: uptime history', () => {
  const time = new Date().toISOString();

  it('shows each check’s availability over 24 hours, 30 and 90 days in words', async () => {
    serveOverview(
      createOverview({
        checks: [
          {
            name: 'database',
            status: 'pass',
            output: 'ok',
            latencyMs: 0.4,
            time,
            at: null,
            availability: { day: 100, month: 99.931, quarter: 98.5 },
          },
          {
            name: 'redis',
            status: 'fail',
            output: 'unavailable',
            latencyMs: 2000,
            time,
            at: null,
            availability: { day: 0, month: null, quarter: null },
          },
        ],
      }),
    );
    renderApp('/monitoring', { user: ADMIN });
    const section = await screen.findByRole('region', { name: 'Availability' });
    const table = within(section).getByRole('table', {
      name: 'Availability per check (passing or warning), maintenance windows left out',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Check', '24 hours', '30 days', '90 days']);
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${name}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Database')).toEqual(['100 %', '99.931 %', '98.5 %']);
    expect(cells('Redis')).toEqual(['0 %', 'No data yet', 'No data yet']);
    expect(within(section).queryByText(/No availability yet/)).toBeNull();
  });

  it('says so when no check has been sampled yet', async () => {
    serveOverview(createOverview());
    renderApp('/monitoring', { user: ADMIN });
    const section = await screen.findByRole('region', { name: 'Availability' });
    expect(
      within(section).getByText(
        'No availability yet: every check is sampled once a minute from now on.',
      ),
    ).toBeVisible();
    const database = within(section).getByRole('row', { name: /^Database/ });
    expect(
      within(database)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['No data yet', 'No data yet', 'No data yet']);
  });

  it('downloads the uptime CSV, and says when it cannot', async () => {
    serveOverview(createOverview());
    const exports = answer(
      'get',
      '/monitoring/uptime.csv',
      () => new HttpResponse('day,check\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    // jsdom has no object URLs and does not download: both are stood in for.
    const createObjectURL = vi.fn(() => 'blob:uptime');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const { user } = renderApp('/monitoring', { user: ADMIN });
      const button = await screen.findByRole('button', { name: 'Download uptime CSV' });
      await user.click(button);
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(exports).toHaveLength(1);
      expect(createObjectURL).toHaveBeenCalledTimes(1);

      answer('get', '/monitoring/uptime.csv', () => apiError(403, 'Forbidden resource'));
      await user.click(button);
      expect(
        await screen.findByText('The uptime CSV could not be downloaded. Forbidden resource'),
      ).toBeVisible();
      expect(click).toHaveBeenCalledTimes(1);
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });
});
