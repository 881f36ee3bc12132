import {
  DATE_FIELD_MESSAGES,
  SECURITY_MESSAGES,
  type AuditPage,
  type AuditTrailEvent,
  type LockedAccount,
  type Paginated,
  type SecuritySummary,
} from '@staff-admin/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';

const ADMIN = createUser({ position: 'admin' });
const URL_PATH = '/monitoring/security';

const page = <T,>(data: T[]): Paginated<T> => ({
  data,
  meta: {
    currentPage: 1,
    itemsPerPage: 20,
    totalItems: data.length,
    totalPages: data.length ? 1 : 0,
  },
});

const LOCKED: LockedAccount = {
  email: 'ada@example.com',
  user: { id: '00000000-0000-4000-8000-000000000001', fullName: 'Ada Lovelace' },
  lockedAt: '2026-11-22T10:30:00.000Z',
  lockedUntil: '2026-11-22T10:31:00.000Z',
  lockouts: 1,
};

const hours = (counts: number[] = []): SecuritySummary['failedSignIns'] =>
  Array.from({ length: 24 }, (_, index) => ({
    hour: new Date(Date.UTC(2026, 10, 22, index)).toISOString(),
    count: counts[index] ?? 0,
  }));

const EVENT: AuditTrailEvent = {
  id: '20000000-0000-4000-8000-000000000001',
  at: '2026-11-22T10:30:00.000Z',
  action: 'auth.locked_out',
  actorId: null,
  actorName: null,
  actor: null,
  targetId: LOCKED.user!.id,
  target: { id: LOCKED.user!.id, fullName: 'Ada Lovelace', email: 'ada@example.com' },
  ip: '203.0.113.7',
  userAgent: null,
  details: { lockouts: 1, seconds: 60 },
};

function serveSecurity({
  locked = [] as LockedAccount[],
  summary = { failedSignIns: hours(), refreshTokenReuses: [] } as SecuritySummary,
  events = [] as AuditTrailEvent[],
} = {}) {
  answer('get', '/monitoring/security/locked-accounts', () => HttpResponse.json(page(locked)));
  answer('get', '/monitoring/security/summary', () => HttpResponse.json({ data: summary }));
  return answer('get', '/audit', () => HttpResponse.json(auditPage(events)));
}

const auditPage = (events: AuditTrailEvent[], totalItemsCapped = false): AuditPage => {
  const { data, meta } = page(events);
  return { data, meta: { ...meta, totalItemsCapped } };
};

describe('Sign-in security screen', () => {
  it('is reached from the area’s navigation', async () => {
    serveSecurity();
    renderApp(URL_PATH, { user: ADMIN });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign-in security' }),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Monitoring' });
    expect(within(nav).getByRole('link', { name: 'Security' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows one spinner until the locked accounts and the figures are in', async () => {
    const held = gate();
    serveSecurity();
    answer('get', '/monitoring/security/locked-accounts', async () => {
      await held.opened;
      return HttpResponse.json(page([]));
    });
    renderApp(URL_PATH, { user: ADMIN });
    expect(await screen.findByText('Loading sign-in security…')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Audit trail' })).not.toBeInTheDocument();
    held.open();
    expect(await screen.findByText('No account is locked now.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  });

  it('says so when nothing is locked, reused or recorded', async () => {
    serveSecurity();
    renderApp(URL_PATH, { user: ADMIN });
    expect(await screen.findByText('No account is locked now.')).toBeVisible();
    expect(await screen.findByText('No reuse detected.')).toBeVisible();
    expect(await screen.findByText('No events match these filters.')).toBeVisible();
    expect(screen.getByText('0 in all')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No events found'));
  });

  it('says when the locked accounts cannot be loaded, and tries again', async () => {
    serveSecurity();
    answer('get', '/monitoring/security/locked-accounts', () => apiError(500, 'Database is down'));
    const { user } = renderApp(URL_PATH, { user: ADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The locked accounts could not be loaded. Database is down');

    answer('get', '/monitoring/security/locked-accounts', () => HttpResponse.json(page([LOCKED])));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'ada@example.com' })).toBeVisible();
  });

  it('shows locks, failed sign-ins per hour, token reuse and the audit trail', async () => {
    serveSecurity({
      locked: [LOCKED],
      summary: {
        failedSignIns: hours([2, 0, 5]),
        refreshTokenReuses: [
          {
            id: 'r1',
            at: '2026-11-22T09:00:00.000Z',
            ip: '198.51.100.4',
            user: { id: 'u1', email: 'bob@example.com', fullName: 'Bob Byte' },
          },
        ],
      },
      events: [EVENT],
    });
    renderApp(URL_PATH, { user: ADMIN });

    const locked = await screen.findByRole('table', { name: 'Accounts locked now' });
    // The table stands while its rows load (a row says so): wait for the rows.
    expect(await within(locked).findByRole('cell', { name: 'Ada Lovelace' })).toBeVisible();
    expect(within(locked).getByRole('button', { name: 'Unlock ada@example.com' })).toBeEnabled();

    expect(
      screen.getByRole('img', { name: 'Failed sign-ins per hour, last 24 hours' }),
    ).toBeInTheDocument();
    const perHour = screen.getByRole('table', { name: 'Failed sign-ins per hour, last 24 hours' });
    expect(within(perHour).getAllByRole('row')).toHaveLength(25);
    expect(screen.getByText('7 in all')).toBeVisible();

    expect(screen.getByText('Bob Byte')).toBeVisible();
    expect(screen.getByText(/bob@example\.com · from 198\.51\.100\.4/)).toBeVisible();

    const trail = await screen.findByRole('table', { name: 'Audit trail' });
    expect(await within(trail).findByRole('cell', { name: 'auth.locked_out' })).toBeVisible();
    expect(within(trail).getByRole('cell', { name: '203.0.113.7' })).toBeVisible();
    // The event's moment as people read it, in a <time> that keeps the exact value.
    const time = within(trail).getByRole('cell', { name: '22/11/2026 at 10:30 AM' });
    expect(time.querySelector('time')).toHaveAttribute('dateTime', EVENT.at);
  });

  it('unlocks an account after confirmation, and not without', async () => {
    serveSecurity({ locked: [LOCKED] });
    const calls = answer('post', '/monitoring/security/locked-accounts/unlock', () =>
      HttpResponse.json(null, { status: 204 }),
    );
    const { user } = renderApp(URL_PATH, { user: ADMIN });
    const unlock = await screen.findByRole('button', { name: 'Unlock ada@example.com' });

    await user.click(unlock);
    let dialog = await screen.findByRole('alertdialog', { name: 'Unlock account' });
    expect(dialog).toHaveTextContent('ada@example.com will be able to sign in again at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep locked' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toHaveLength(0);

    answer('get', '/monitoring/security/locked-accounts', () => HttpResponse.json(page([])));
    await user.click(unlock);
    dialog = await screen.findByRole('alertdialog', { name: 'Unlock account' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await findToast('ada@example.com can sign in again.')).toBeVisible();
    expect(calls.map((call) => call.body)).toEqual([{ email: 'ada@example.com' }]);
    expect(await screen.findByText('No account is locked now.')).toBeVisible();
  });

  it('hands focus from an unlocked row to the next Unlock, else the previous, else the table', async () => {
    let locked = ['ada', 'bob', 'cy'].map((name) => ({
      ...LOCKED,
      email: `${name}@example.com`,
      user: null,
    }));
    serveSecurity();
    answer('get', '/monitoring/security/locked-accounts', () => HttpResponse.json(page(locked)));
    answer('post', '/monitoring/security/locked-accounts/unlock', ({ body }) => {
      locked = locked.filter((account) => account.email !== (body as { email: string }).email);
      return HttpResponse.json(null, { status: 204 });
    });
    const { user } = renderApp(URL_PATH, { user: ADMIN });
    const unlock = async (email: string) => {
      await user.click(await screen.findByRole('button', { name: `Unlock ${email}` }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Unlock account' });
      await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
    };

    await unlock('bob@example.com');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unlock cy@example.com' })).toHaveFocus(),
    );
    await unlock('cy@example.com');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unlock ada@example.com' })).toHaveFocus(),
    );
    await unlock('ada@example.com');
    const table = screen.getByRole('table', { name: 'Accounts locked now' });
    await waitFor(() => expect(table.querySelector('caption')).toHaveFocus());
    expect(within(table).getByText('No account is locked now.')).toBeVisible();
  });

  it('keeps the audit filters in the URL and shows the server’s field errors', async () => {
    const calls = serveSecurity();
    const { user, router } = renderApp(URL_PATH, { user: ADMIN });
    await screen.findByText('No events match these filters.');

    answer('get', '/audit', () => apiError(400, 'Invalid input', { actor: 'Must be a user id' }));
    await user.type(screen.getByLabelText('Actor (user id)'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toContain('actor=nobody'));
    expect(await screen.findByText('Must be a user id')).toBeVisible();
    expect(screen.getByLabelText('Actor (user id)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0]!.url.searchParams.get('page')).toBe('1');
    expect(screen.getByText('No events shown: fix the filters marked above.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'The filters were not applied. Actor (user id): Must be a user id',
      ),
    );
  });

  it('takes From and To as dd/mm/yyyy hh:mm, and sends them as ISO times', async () => {
    const calls = serveSecurity();
    const { user, router } = renderApp(URL_PATH, { user: ADMIN });
    await screen.findByText('No events match these filters.');
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveAccessibleDescription('dd/mm/yyyy hh:mm');
    await user.type(from, '01/11/2026 09:30');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '11/12/2026 17:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toContain('from=2026-11-01T09%3A30'));
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toMatchObject({
      from: new Date(2026, 10, 1, 9, 30).toISOString(),
      // 11 December, never the browser's 12 November.
      to: new Date(2026, 11, 11, 17, 0).toISOString(),
    });
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('01/11/2026 09:30');

    // A day without its time is not a time: the field says how to write one.
    await user.clear(from);
    await user.type(from, '11/12/2026{Enter}');
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveAccessibleDescription(
      `dd/mm/yyyy hh:mm ${DATE_FIELD_MESSAGES.minute}`,
    );
    expect(calls.map((call) => call.url.searchParams.get('from'))).not.toContain(
      new Date(2026, 10, 12).toISOString(),
    );
  });

  it('keeps focus on the control used when filters apply, are cleared or are refused', async () => {
    serveSecurity({ events: [EVENT] });
    const { user, router } = renderApp(URL_PATH, { user: ADMIN });
    await screen.findByRole('cell', { name: 'auth.locked_out' });

    // Enter in a field applies the filters: the field keeps focus, and its text.
    const target = screen.getByLabelText('Target (user id)');
    await user.type(target, `${EVENT.targetId!}{Enter}`);
    await waitFor(() => expect(router.state.location.search).toContain('target='));
    await screen.findByRole('cell', { name: 'auth.locked_out' });
    expect(screen.getByLabelText('Target (user id)')).toHaveFocus();
    expect(screen.getByLabelText('Target (user id)')).toHaveValue(EVENT.targetId);

    const apply = screen.getByRole('button', { name: 'Apply filters' });
    await user.click(apply);
    expect(screen.getByRole('button', { name: 'Apply filters' })).toHaveFocus();

    const clear = screen.getByRole('button', { name: 'Clear' });
    await user.click(clear);
    await waitFor(() => expect(router.state.location.search).not.toContain('target='));
    expect(screen.getByLabelText('Target (user id)')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();

    // A filter the server refuses: focus stays on Apply filters, and the refusal is read out.
    answer('get', '/audit', () => apiError(400, 'Invalid input', { from: 'Invalid ISO datetime' }));
    await user.type(screen.getByLabelText('Actor (user id)'), 'x');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Invalid ISO datetime')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Apply filters' })).toHaveFocus();
    expect(screen.getByLabelText('Actor (user id)')).toHaveValue('x');

    // Back brings the URL's earlier filters into the fields.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Actor (user id)')).toHaveValue(''));
  });

  it('names the actor and the target, and shows an id only where it is no user’s', async () => {
    const gone = '30000000-0000-4000-8000-000000000009';
    serveSecurity({
      events: [
        EVENT,
        {
          ...EVENT,
          id: '20000000-0000-4000-8000-000000000002',
          action: 'user.position_changed',
          actorId: ADMIN.id,
          actor: { id: ADMIN.id, fullName: null, email: 'root@example.com' },
          targetId: gone,
          target: null,
        },
        {
          ...EVENT,
          id: '20000000-0000-4000-8000-000000000003',
          action: 'user.status_changed',
          actorName: 'Okta production',
        },
      ],
    });
    renderApp(URL_PATH, { user: ADMIN });
    const trail = await screen.findByRole('table', { name: 'Audit trail' });
    await within(trail).findByText('user.position_changed');
    const [, locked, changed, byDirectory] = within(trail).getAllByRole('row');
    // The directory's changes name the SCIM token they were made with (issue 36).
    expect(within(byDirectory!).getAllByRole('cell')[2]).toHaveTextContent(
      'SCIM token “Okta production”',
    );
    expect(within(locked!).getAllByRole('cell')[3]).toHaveTextContent(
      'Ada Lovelaceada@example.com',
    );
    expect(locked).not.toHaveTextContent(EVENT.targetId!);
    expect(within(changed!).getAllByRole('cell')[2]).toHaveTextContent(/^root@example\.com$/);
    expect(within(changed!).getAllByRole('cell')[3]).toHaveTextContent(gone);
  });

  it('says when more events match than it counts, and how to reach older ones', async () => {
    serveSecurity();
    answer('get', '/audit', ({ url }) => {
      const currentPage = Number(url.searchParams.get('page'));
      const { data, meta } = auditPage([EVENT], true);
      return HttpResponse.json({
        data,
        meta: { ...meta, currentPage, totalItems: 10_000, totalPages: 200 },
      });
    });
    const { router } = renderApp(URL_PATH, { user: ADMIN });
    await screen.findByRole('cell', { name: 'auth.locked_out' });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'More than 10,000 events, page 1 of 200',
      ),
    );
    expect(screen.queryByText(SECURITY_MESSAGES.pageBeyondCap)).toBeNull();

    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByText('More than 10,000 events')).toBeVisible();
    // The last page the server pages to says why there is no next one.
    await act(() => router.navigate(`${URL_PATH}?page=200`));
    expect(await screen.findByText(SECURITY_MESSAGES.pageBeyondCap)).toBeVisible();
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('exports the filtered rows as CSV', async () => {
    serveSecurity();
    const exports = answer(
      'get',
      '/audit/export.csv',
      () => new HttpResponse('at,action\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    // jsdom has no object URLs and does not download: both are stood in for.
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const { user } = renderApp(`${URL_PATH}?action=auth.locked_out`, { user: ADMIN });
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(exports[0]!.url.searchParams.get('action')).toBe('auth.locked_out');
      expect(createObjectURL).toHaveBeenCalledTimes(1);
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('tells a finance user they have no access', async () => {
    renderApp(URL_PATH, { user: createUser({ position: 'finance' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeVisible();
  });
});
