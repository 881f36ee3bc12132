import type { User } from '@staff-admin/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.js';
import { routes } from '../app/router.js';
import { API, server } from './server.js';
import { storeTokens } from './session.js';

interface RenderAppOptions {
  /** Signs this user in: tokens stored and GET /users/profile answering with them. */
  user?: User;
  /** Router state of the first entry. */
  state?: unknown;
}

/** Renders the whole site, routes and providers as in the browser, at `url`. */
export function renderApp(url: string, { user, state }: RenderAppOptions = {}) {
  if (user) {
    storeTokens();
    server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: user })));
  }
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(url), state }] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user: userEvent.setup() };
}
