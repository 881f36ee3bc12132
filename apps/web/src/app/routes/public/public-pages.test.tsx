import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { renderApp } from '../../../testing/render-app.js';

describe('privacy notice', () => {
  it('is public and covers what SPEC §1 lists', async () => {
    renderApp('/policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    expect(screen.getByText(/Last modified/)).toHaveTextContent('Last modified 21 August 2025');
    for (const heading of [
      'The data we hold',
      'Why we use it and our lawful bases',
      'Who we share it with',
      'Where it is stored',
      'How long we keep it',
      'Your rights',
      'Contact us',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(/only in the United Kingdom or the European Economic Area/);
    expect(main).toHaveTextContent(/tax purposes are kept for 6 years/);
    expect(main).toHaveTextContent(/not used for 1 year is treated as expired/);
    expect(screen.getByRole('link', { name: 'support@localhost' })).toHaveAttribute(
      'href',
      'mailto:support@localhost',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  });

  it('is reachable when signed in too', async () => {
    renderApp('/policy', { user: createUser() });
    expect(await screen.findByRole('link', { name: 'Your profile' })).toHaveAttribute(
      'href',
      '/users/profile',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  });
});

describe('support page', () => {
  it('offers email support within 24 hours on three topics', async () => {
    renderApp('/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Email support' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent(/reply within 24 hours/);
    expect(screen.getByRole('link', { name: 'Email us' })).toHaveAttribute(
      'href',
      'mailto:support@localhost',
    );
    for (const topic of ['Technical issues', 'General questions', 'Security concerns']) {
      expect(screen.getByRole('heading', { level: 3, name: topic })).toBeVisible();
    }
  });
});
