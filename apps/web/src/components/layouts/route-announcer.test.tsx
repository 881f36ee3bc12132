import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteAnnouncer } from './route-announcer.js';

// The announcer loads where focus goes on arrival just after the first page: here, first.
beforeAll(async () => {
  await import('./focus-keeping.js');
});

/**
 * jsdom lays nothing out: an element's place on screen is its `data-top` (px from the window's
 * top, 20 px high), and one without it is not shown at all.
 */
function placeFromDataTop() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    const top = this.getAttribute('data-top');
    if (top === null) return new DOMRect(0, 0, 0, 0);
    return new DOMRect(10, Number(top), 100, 20);
  });
}

let restore: Array<{ mockRestore: () => void }> = [];
afterEach(() => {
  for (const spy of restore) spy.mockRestore();
  restore = [];
});

/** Two pages; the project page's h1, link and button are placed by the test. */
function renderPages({
  headingTop,
  linkTop,
  buttonTop,
}: {
  headingTop: number;
  linkTop: number;
  buttonTop?: number;
}) {
  restore.push(placeFromDataTop());
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteAnnouncer />
            <main>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: '/projects', element: <h1 data-top="100">Projects</h1> },
          {
            path: '/projects/1',
            element: (
              <>
                <h1 data-top={headingTop}>ACME · Website</h1>
                <Link to="/projects" data-top={linkTop}>
                  Back to projects
                </Link>
                <button type="button" data-top={buttonTop}>
                  Delete Rent
                </button>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/projects'] },
  );
  render(<RouterProvider router={router} />);
  // The announcer starts after the visitor's first key press.
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  return router;
}

describe('RouteAnnouncer', () => {
  it('focuses the new page’s h1 when it is in view, and says the page’s title', async () => {
    document.title = 'ACME · Website · Staff Admin';
    const router = renderPages({ headingTop: 100, linkTop: 140 });
    await act(() => router.navigate('/projects/1'));
    expect(screen.getByRole('heading', { name: 'ACME · Website' })).toHaveFocus();
    expect(document.querySelector('[data-route-announcer]')).toHaveTextContent(
      'ACME · Website · Staff Admin',
    );
  });

  it('focuses the first control in view when the restored scroll leaves the h1 above it', async () => {
    // Back to a page left scrolled down: its h1 is 559 px above the window.
    const router = renderPages({ headingTop: -559, linkTop: -500, buttonTop: 400 });
    await act(() => router.navigate('/projects/1'));
    expect(screen.getByRole('button', { name: 'Delete Rent' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'ACME · Website' })).not.toHaveFocus();
  });

  it('goes to the top and the h1 when no control is in view', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    restore.push(scrollTo);
    const router = renderPages({ headingTop: -559, linkTop: -500, buttonTop: 900 });
    await act(() => router.navigate('/projects/1'));
    expect(screen.getByRole('heading', { name: 'ACME · Website' })).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
