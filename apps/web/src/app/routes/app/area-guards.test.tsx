import type { Position } from '@staff-admin/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { renderApp } from '../../../testing/render-app.js';

describe('area guards', () => {
  it.each<[string, Position, string]>([
    ['/users', 'finance', 'User management'],
    ['/monitoring', 'finance', 'Monitoring & Error management'],
    ['/financial/projects', 'contractor', 'Budgeting & Cost tracking'],
    ['/users', 'project_manager', 'User management'],
  ])('%s tells a %s user they have no access', async (url, position, label) => {
    const { user, router } = renderApp(url, { user: createUser({ position }) });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'You do not have access to this page',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${label} is not available to your role`))).toBeVisible();
    expect(screen.queryByRole('heading', { name: label })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to the home page' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile');
  });
});
