import { ACCESS_TOKEN_STORAGE_KEY } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast, findToasts, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { sessionsAnswer } from '../../../testing/server.js';
import type { ActiveSession } from '@staff-admin/shared';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function createSession(overrides: Partial<ActiveSession> = {}): ActiveSession {
  return {
    id: 'session-current',
    createdAt: '2025-03-04T09:05:00.000Z',
    lastUsedAt: minutesAgo(0),
    ip: '203.0.113.7',
    userAgent: CHROME_WINDOWS,
    current: false,
    ...overrides,
  };
}

const THIS_DEVICE = createSession({ id: 'session-here', current: true });
const LAPTOP = createSession({
  id: 'session-laptop',
  userAgent: FIREFOX_LINUX,
  ip: '198.51.100.23',
  createdAt: '2025-02-01T18:30:00.000Z',
  lastUsedAt: minutesAgo(5),
});

/** GET and DELETE of `userId`'s sessions, served from a list that DELETE shortens. */
function serveSessions(userId: string, initial: ActiveSession[]) {
  let sessions = initial;
  const lists = answer('get', `/users/${userId}/sessions`, ({ url }) =>
    sessionsAnswer(sessions, url),
  );
  const revocations = answer('delete', `/users/${userId}/sessions/:sessionId`, ({ url }) => {
    const sessionId = url.pathname.split('/').pop();
    sessions = sessions.filter(({ id }) => id !== sessionId);
    return HttpResponse.json({ data: null });
  });
  return { lists, revocations };
}

const sessionsCard = () => screen.getByRole('region', { name: 'Sessions' });
const sessionItem = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Sessions' })).getByRole('listitem', { name });

/** Clicks Revoke on the session named `name` and returns the question it asks. */
async function askToRevoke(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(within(await sessionItem(name)).getByRole('button', { name: /^Revoke / }));
  return screen.findByRole('alertdialog', { name: 'Revoke session' });
}

describe('sessions on the profile', () => {
  it("lists the user's own sessions in the API's order, with IP and dates", async () => {
    const me = createUser();
    const mac = createSession({
      id: 'session-mac',
      userAgent: SAFARI_MAC,
      lastUsedAt: minutesAgo(120),
    });
    const { lists } = serveSessions(me.id, [THIS_DEVICE, LAPTOP, mac]);
    renderApp('/users/profile', { user: me });

    const items = within(await screen.findByRole('list', { name: 'Sessions' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Chrome on Windows',
      'Firefox on Linux',
      'Safari on macOS',
    ]);
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('This device')).not.toBeInTheDocument();

    const laptop = within(items[1]!);
    expect(laptop.getByText('IP address').nextElementSibling).toHaveTextContent('198.51.100.23');
    expect(laptop.getByText('Signed in').nextElementSibling).toHaveTextContent(
      '01/02/2025 at 06:30 PM',
    );
    // How long ago, by the site's one relative-time rule (RelativeTime), in a <time> that keeps
    // the moment itself; date-fns said "about 2 hours ago" and "less than a minute ago" here.
    const lastUsed = (item: HTMLElement) =>
      within(item).getByText('Last used').nextElementSibling?.querySelector('time');
    expect(lastUsed(items[1]!)).toHaveTextContent(/^5 minutes ago$/);
    expect(lastUsed(items[1]!)).toHaveAttribute('dateTime', LAPTOP.lastUsedAt);
    expect(lastUsed(items[2]!)).toHaveTextContent(/^2 hours ago$/);
    expect(lastUsed(items[0]!)).toHaveTextContent(/^(now|\d+ seconds? ago)$/);
    // Each Revoke names the session it ends.
    expect(
      within(items[0]!).getByRole('button', {
        name: /^Revoke Chrome on Windows \(this device\), last used (now|\d+ seconds? ago)$/,
      }),
    ).toBeInTheDocument();
    expect(
      laptop.getByRole('button', { name: 'Revoke Firefox on Linux, last used 5 minutes ago' }),
    ).toBeInTheDocument();
    expect(
      within(items[2]!).getByRole('button', {
        name: 'Revoke Safari on macOS, last used 2 hours ago',
      }),
    ).toBeInTheDocument();
    expect(lists).toHaveLength(1);
  });

  it('asks for ten, and for the rest after Show all, with focus on the first of them', async () => {
    const me = createUser();
    // This device, then eleven others used 1 to 11 minutes ago.
    const others = Array.from({ length: 11 }, (_, index) =>
      createSession({
        id: `session-${index + 1}`,
        userAgent: FIREFOX_LINUX,
        lastUsedAt: minutesAgo(index + 1),
      }),
    );
    const { lists } = serveSessions(me.id, [THIS_DEVICE, ...others]);
    const { user } = renderApp('/users/profile', { user: me });

    const list = await screen.findByRole('list', { name: 'Sessions' });
    const lastUsed = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText('Last used').nextElementSibling?.textContent);
    expect(lastUsed()[0]).toMatch(/^(now|\d+ seconds? ago)$/);
    expect(lastUsed().slice(1)).toEqual([
      ...Array.from({ length: 9 }, (_, index) => `${index + 1} minute${index ? 's' : ''} ago`),
    ]);

    expect(lists.map((call) => call.url.searchParams.get('limitPerPage'))).toEqual(['10']);

    await user.click(within(sessionsCard()).getByRole('button', { name: 'Show all 12 sessions' }));
    await waitFor(() => expect(lastUsed()).toHaveLength(12));
    expect(lists.map((call) => call.url.searchParams.get('limitPerPage'))).toEqual(['10', null]);
    expect(lastUsed().slice(10)).toEqual(['10 minutes ago', '11 minutes ago']);
    expect(within(list).getAllByRole('listitem')[10]).toHaveFocus();
    expect(
      within(sessionsCard()).queryByRole('button', { name: /^Show all/ }),
    ).not.toBeInTheDocument();
  });

  it('keeps Show all, busy, while the rest load, and focused to try again when they cannot', async () => {
    const me = createUser();
    const sessions = [
      THIS_DEVICE,
      ...Array.from({ length: 11 }, (_, index) => createSession({ id: `session-${index + 1}` })),
    ];
    const { opened, open } = gate();
    let fail = true;
    answer('get', `/users/${me.id}/sessions`, async ({ url }) => {
      if (url.searchParams.has('limitPerPage') || !fail) return sessionsAnswer(sessions, url);
      await opened;
      return apiError(403, 'You are not allowed to do this');
    });
    const { user } = renderApp('/users/profile', { user: me });

    const showAll = await screen.findByRole('button', { name: 'Show all 12 sessions' });
    await user.click(showAll);
    expect(showAll).toHaveAttribute('aria-busy', 'true');
    expect(showAll).toHaveFocus();

    open();
    expect(await findToast('You are not allowed to do this')).toBeInTheDocument();
    await waitFor(() => expect(showAll).not.toHaveAttribute('aria-busy'));
    expect(showAll).toHaveFocus();
    expect(within(sessionsCard()).getAllByRole('listitem')).toHaveLength(10);

    fail = false;
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(sessionsCard()).getAllByRole('listitem')).toHaveLength(12));
    expect(within(sessionsCard()).getAllByRole('listitem')[10]).toHaveFocus();
  });

  it('offers no Show all while every session is listed', async () => {
    const me = createUser();
    const others = Array.from({ length: 9 }, (_, index) =>
      createSession({ id: `session-${index + 1}`, lastUsedAt: minutesAgo(index + 1) }),
    );
    serveSessions(me.id, [THIS_DEVICE, ...others]);
    renderApp('/users/profile', { user: me });

    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(
      within(sessionsCard()).queryByRole('button', { name: /^Show all/ }),
    ).not.toBeInTheDocument();
  });

  it('revokes another session after confirming, and lists what is left', async () => {
    const me = createUser();
    const { revocations } = serveSessions(me.id, [THIS_DEVICE, LAPTOP]);
    const { user } = renderApp('/users/profile', { user: me });

    const dialog = await askToRevoke(user, 'Firefox on Linux');
    expect(dialog).toHaveAccessibleDescription(
      'Firefox on Linux will be signed out and must log in again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await findToast('The session has been revoked.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Firefox on Linux' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { name: 'Chrome on Windows' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(revocations.map((call) => call.url.pathname)).toEqual([
      `/api/users/${me.id}/sessions/session-laptop`,
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
  });

  it('hands focus to the next session’s Revoke after a revoke, else the previous one', async () => {
    const me = createUser();
    const mac = createSession({ id: 'session-mac', userAgent: SAFARI_MAC });
    serveSessions(me.id, [THIS_DEVICE, LAPTOP, mac]);
    const { user } = renderApp('/users/profile', { user: me });

    await user.click(
      within(await askToRevoke(user, 'Firefox on Linux')).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Safari on macOS' })).getByRole('button'),
      ).toHaveFocus(),
    );
    await user.click(
      within(await askToRevoke(user, 'Safari on macOS')).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Chrome on Windows' })).getByRole('button'),
      ).toHaveFocus(),
    );
  });

  it('revokes nothing when the question is cancelled', async () => {
    const me = createUser();
    const { revocations } = serveSessions(me.id, [THIS_DEVICE, LAPTOP]);
    const { user } = renderApp('/users/profile', { user: me });

    const dialog = await askToRevoke(user, 'Firefox on Linux');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Firefox on Linux' })).toBeInTheDocument();
    expect(revocations).toEqual([]);
  });

  it('logs out when the session of this device is revoked', async () => {
    const me = createUser();
    const { revocations } = serveSessions(me.id, [THIS_DEVICE, LAPTOP]);
    const { user, router } = renderApp('/users/profile', { user: me });

    const dialog = await askToRevoke(user, 'Chrome on Windows');
    expect(dialog).toHaveAccessibleDescription(
      'This is the device you are using now: revoking its session logs you out.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(within(await findToasts()).getByText('You have been logged out.')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    expect(revocations.map((call) => call.url.pathname)).toEqual([
      `/api/users/${me.id}/sessions/session-here`,
    ]);
  });

  it("shows an admin another user's sessions and lets them revoke one", async () => {
    const admin = createUser({ position: 'admin' });
    const other = createUser({ fullName: 'Bob Jones', position: 'contractor' });
    answer('get', `/users/${other.id}`, () => HttpResponse.json({ data: other }));
    const { lists, revocations } = serveSessions(other.id, [LAPTOP]);
    const { user } = renderApp(`/users/${other.id}`, { user: admin });

    const laptop = await sessionItem('Firefox on Linux');
    expect(within(laptop).queryByText('This device')).not.toBeInTheDocument();
    await user.click(within(laptop).getByRole('button', { name: /^Revoke / }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }),
    );

    expect(await within(sessionsCard()).findByText('No active sessions.')).toBeInTheDocument();
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(revocations.map((call) => call.url.pathname)).toEqual([
      `/api/users/${other.id}/sessions/session-laptop`,
    ]);
  });

  it('says why a revocation failed and shows the sessions as they are now', async () => {
    const me = createUser();
    let sessions = [THIS_DEVICE, LAPTOP];
    const lists = answer('get', `/users/${me.id}/sessions`, ({ url }) =>
      sessionsAnswer(sessions, url),
    );
    answer('delete', `/users/${me.id}/sessions/:sessionId`, () => {
      sessions = [THIS_DEVICE]; // it had ended meanwhile
      return apiError(404, 'Not found');
    });
    const { user } = renderApp('/users/profile', { user: me });

    const dialog = await askToRevoke(user, 'Firefox on Linux');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await findToast('Not found')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Firefox on Linux' })).not.toBeInTheDocument(),
    );
    expect(lists).toHaveLength(2);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
  });

  it('shows a spinner while they load, in the room of a session hidden from assistive technology', async () => {
    const me = createUser();
    const { opened, open } = gate();
    answer('get', `/users/${me.id}/sessions`, async ({ url }) => {
      await opened;
      return sessionsAnswer([THIS_DEVICE], url);
    });
    renderApp('/users/profile', { user: me });

    const card = await screen.findByRole('region', { name: 'Sessions' });
    expect(await within(card).findByRole('status')).toHaveTextContent('Loading sessions…');
    expect(within(card).queryByRole('list')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();

    open();
    expect(await sessionItem('Chrome on Windows')).toBeInTheDocument();
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers to try again when the sessions cannot be loaded', async () => {
    const me = createUser();
    let fail = true;
    answer('get', `/users/${me.id}/sessions`, ({ url }) =>
      fail ? apiError(403, 'You are not allowed to do this') : sessionsAnswer([], url),
    );
    const { user } = renderApp('/users/profile', { user: me });

    const alert = await within(await screen.findByRole('region', { name: 'Sessions' })).findByRole(
      'alert',
    );
    expect(alert).toHaveTextContent(
      'The sessions could not be loaded. You are not allowed to do this',
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(sessionsCard()).findByText('No active sessions.')).toBeInTheDocument();
  });
});
