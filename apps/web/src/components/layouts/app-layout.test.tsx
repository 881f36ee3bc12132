import type { Position } from '@staff-admin/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { leaveSite } from '../../lib/leave-site.js';
import { createUser } from '../../testing/data.js';
import { paginate } from '../../testing/paginate.js';
import { renderApp } from '../../testing/render-app.js';
import { API, server } from '../../testing/server.js';
import { isInSection } from './main-nav.js';

vi.mock('../../lib/leave-site.js', () => ({ leaveSite: vi.fn() }));

const NO_ROWS = paginate([], 1, 10);

async function renderSignedIn(url: string, position: Position = 'admin') {
  const me = createUser({ position, fullName: 'Alice Smith', email: 'alice@example.com' });
  server.use(
    http.get(`${API}/projects`, () =>
      HttpResponse.json({ data: [], meta: { ...NO_ROWS.meta, totals: null, currencies: [] } }),
    ),
  );
  const view = renderApp(url, { user: me });
  await screen.findByRole('banner');
  return { ...view, me };
}

const mainNavLinks = () => {
  const nav = screen.queryByRole('navigation', { name: 'Main' });
  return nav ? within(nav).getAllByRole('link') : [];
};

describe('isInSection', () => {
  it('matches the prefix itself and the pages under it only', () => {
    expect(isInSection('/users', '/users')).toBe(true);
    expect(isInSection('/users/profile', '/users')).toBe(true);
    expect(isInSection('/financial/projects', '/financial')).toBe(true);
    expect(isInSection('/usersettings', '/users')).toBe(false);
    expect(isInSection('/monitoring', '/users')).toBe(false);
  });
});

describe('header navigation', () => {
  it.each<[Position, string[]]>([
    ['admin', ['User management', 'Budgeting & Cost tracking', 'Monitoring & Error management']],
    ['finance', ['Budgeting & Cost tracking']],
    ['project_owner', []],
    ['project_manager', []],
    ['contractor', []],
  ])('shows %s the links of their role', async (position, labels) => {
    await renderSignedIn('/users/profile', position);
    expect(mainNavLinks().map((link) => link.textContent)).toEqual(labels);
  });

  it('links each area to its page', async () => {
    await renderSignedIn('/users/profile');
    expect(mainNavLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/users',
      '/financial/projects',
      '/monitoring',
    ]);
  });

  it('highlights the link of the section the path is in', async () => {
    const { user, router } = await renderSignedIn('/financial/projects');
    const current = () =>
      mainNavLinks()
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    expect(current()).toEqual(['Budgeting & Cost tracking']);

    // Monitoring opens on its Overview.
    server.use(
      http.get(`${API}/monitoring/overview`, () =>
        HttpResponse.json({
          data: {
            status: 'pass',
            time: new Date().toISOString(),
            release: null,
            checks: [],
            processes: [],
            counts: [],
          },
        }),
      ),
    );
    await user.click(screen.getByRole('link', { name: 'Monitoring & Error management' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitoring'));
    // The router moves first; the header follows on React's next render.
    await waitFor(() => expect(current()).toEqual(['Monitoring & Error management']));
  });

  it('links the logo to the home page', async () => {
    const { user, router } = await renderSignedIn('/financial/projects');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: /Staff Admin/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/profile'));
  });

  it('has a footer naming whose admin site this is', async () => {
    await renderSignedIn('/users/profile');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'This is the Acme Software Ltd admin site for Acme Tracker.',
    );
  });
});

describe('the Menu button of narrow windows (a disclosure)', () => {
  const menuButton = () => screen.getByRole('button', { name: 'Menu' });
  const panelLinks = () =>
    within(document.getElementById(menuButton().getAttribute('aria-controls') ?? '')!)
      .getByRole('navigation', { name: 'Main' })
      .querySelectorAll('a');

  it('opens with focus left on the button, which says it is expanded; the links come next', async () => {
    const { user } = await renderSignedIn('/users/profile');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).not.toHaveAttribute('aria-haspopup');
    menuButton().focus();
    await user.keyboard('{Enter}');

    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveFocus();
    // Not a dialog and not a focus target: a panel of links.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const panel = document.getElementById(menuButton().getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    expect(panel).not.toHaveAttribute('tabindex');
    await user.tab();
    expect(panelLinks()[0]).toHaveFocus();
    expect(panelLinks()[0]).toHaveTextContent('User management');
  });

  it('closes on Escape with focus back on the button, and when focus leaves it', async () => {
    const { user } = await renderSignedIn('/users/profile');
    await user.click(menuButton());
    await user.tab();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    await user.tab({ shift: true });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a link is chosen', async () => {
    const { user, router } = await renderSignedIn('/users/profile');
    await user.click(menuButton());
    await user.click(panelLinks()[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/financial/projects'));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('skip link', () => {
  it('is the first thing Tab reaches, and moves focus to the page’s heading', async () => {
    const { user } = await renderSignedIn('/users/profile');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Profile setting' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(heading).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(heading);
  });

  it.each([
    ['the sign-in pages', '/auth/login', 'Log in'],
    ['the public pages', '/support', 'Support'],
  ])('leads %s too', async (_layout, url, title) => {
    const { user } = renderApp(url);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(heading).toHaveFocus();
  });
});

describe('user menu', () => {
  const trigger = () => screen.getByRole('button', { name: /alice@example\.com/ });

  it('shows the avatar, full name and email of the user', async () => {
    await renderSignedIn('/users/profile');
    expect(trigger()).toHaveTextContent('Alice Smith');
    expect(trigger()).toHaveTextContent('alice@example.com');
    expect(within(trigger()).getByTestId('avatar')).toHaveTextContent('A');
  });

  it('shows a dash for a missing full name', async () => {
    renderApp('/users/profile', { user: createUser({ fullName: null, email: 'x@example.com' }) });
    const button = await screen.findByRole('button', { name: /x@example\.com/ });
    expect(button).toHaveTextContent(/^X-x@example\.com$/);
  });

  it('offers Profile setting and Log out, and closes after a choice', async () => {
    const { user, router } = await renderSignedIn('/financial/projects');
    await user.click(trigger());
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile setting', 'Log out']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Profile setting' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/profile'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works from the keyboard and closes on Escape', async () => {
    const { user } = await renderSignedIn('/users/profile');
    trigger().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger()).toHaveFocus();
  });

  it('closes on a press outside', async () => {
    const { user } = await renderSignedIn('/users/profile');
    await user.click(trigger());
    await screen.findByRole('menu');
    await user.click(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('closes when the page scrolls, but not when the menu itself scrolls', async () => {
    const { user } = await renderSignedIn('/users/profile');
    await user.click(trigger());
    const menu = await screen.findByRole('menu');

    fireEvent.scroll(menu);
    expect(screen.getByRole('menu')).toBeInTheDocument();

    fireEvent.scroll(document);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('logs out on the server and locally, then shows login', async () => {
    let authorization: string | null = null;
    server.use(
      http.delete(`${API}/auth/logout`, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ data: null });
      }),
    );
    const { user, router } = await renderSignedIn('/users/profile');
    await user.click(trigger());
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(authorization).toBe('Bearer access-token');
    expect(localStorage.length).toBe(0);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it("after a company sign-in, ends the session here and then goes to the provider's sign-out", async () => {
    const endSessionUrl =
      'https://id.acme.example/logout?client_id=staff-admin&post_logout_redirect_uri=x';
    server.use(
      http.delete(`${API}/auth/logout`, () => HttpResponse.json({ data: { endSessionUrl } })),
    );
    vi.mocked(leaveSite).mockImplementation(() => {
      // Our session has already ended when the browser leaves.
      expect(localStorage.length).toBe(0);
    });
    const { user } = await renderSignedIn('/users/profile');
    await user.click(trigger());
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith(endSessionUrl));
    expect(leaveSite).toHaveBeenCalledTimes(1);
  });

  it('still signs out locally when the logout call fails, and says why', async () => {
    server.use(
      http.delete(`${API}/auth/logout`, () =>
        HttpResponse.json({ code: 500, message: 'Logout is down' }, { status: 500 }),
      ),
    );
    const { user } = await renderSignedIn('/users/profile');
    await user.click(trigger());
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByText('Logout is down')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });
});
