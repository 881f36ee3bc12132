import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app.js';
import { ErrorScreen } from './error-screen.js';

function Broken(): never {
  throw new Error('render failure');
}

describe('error screen', () => {
  it('says something went wrong and goes one step back', async () => {
    // React and React Router log the render error they caught; nothing else may be logged.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        { path: '/', element: <h1>Start page</h1> },
        { path: '/broken', Component: Broken, errorElement: <ErrorScreen /> },
      ],
      { initialEntries: ['/', '/broken'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Something went wrong.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sorry, We can’t find the page you’re looking for.')).toBeVisible();
    expect(logged).toHaveBeenCalled();
    for (const call of logged.mock.calls) {
      expect(call).toContainEqual(expect.objectContaining({ message: 'render failure' }));
    }

    await userEvent.setup().click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('not-found page', () => {
  it('answers any unknown path, signed in or not', async () => {
    const { user, router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
