import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/data.js';
import { gate } from '../../testing/http.js';
import { renderApp } from '../../testing/render-app.js';
import { API, server } from '../../testing/server.js';
import { storeTokens } from '../../testing/session.js';

const toastRegion = () => screen.queryByRole('region', { name: /notifications/i });

describe('deferred toaster', () => {
  it('mounts the toasts region once the page is shown, not while the user loads', async () => {
    storeTokens();
    const { opened, open } = gate();
    server.use(
      http.get(`${API}/users/profile`, async () => {
        await opened;
        return HttpResponse.json({ data: createUser() });
      }),
    );
    renderApp('/users/profile');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toastRegion()).not.toBeInTheDocument();

    open();
    await screen.findByRole('heading', { level: 1, name: 'Profile setting' });
    expect(await screen.findByRole('region', { name: /notifications/i })).toBeInTheDocument();
  });

  it('mounts it for a visitor too', async () => {
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(await screen.findByRole('region', { name: /notifications/i })).toBeInTheDocument();
  });
});
