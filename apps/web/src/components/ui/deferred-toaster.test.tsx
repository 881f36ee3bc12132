import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app.js';
import { holdSignedInProfile } from '../../testing/session.js';

const toastRegion = () => screen.queryByRole('region', { name: /notifications/i });

describe('deferred toaster', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('mounts the toasts region once the page is shown, not while the user loads', async () => {
    // The region mounts when the browser is next idle: the test says when that is.
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const open = holdSignedInProfile();
    renderApp('/users/profile');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    // An idle moment while the user loads mounts nothing: with the toaster's code loaded, a
    // region mounted now would be in the page once act() returns (no fixed wait needed).
    await act(async () => {
      idle.splice(0).forEach((callback) => callback());
      await import('./toaster.js');
    });
    expect(toastRegion()).not.toBeInTheDocument();

    open();
    await screen.findByRole('heading', { level: 1, name: 'Profile setting' });
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    act(() => idle.splice(0).forEach((callback) => callback()));
    expect(await screen.findByRole('region', { name: /notifications/i })).toBeInTheDocument();
  });

  it('mounts it for a visitor too', async () => {
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(await screen.findByRole('region', { name: /notifications/i })).toBeInTheDocument();
  });
});
