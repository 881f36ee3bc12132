import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { renderApp } from '../../../testing/render-app.js';

function field(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('profile page', () => {
  it("shows the signed-in user's record, read-only", async () => {
    const me = createUser({
      email: 'alice@example.com',
      fullName: 'Alice Smith',
      position: 'project_manager',
      status: 'active',
      createdAt: '2025-03-04T15:05:00.000Z',
      invitedBy: { id: 'admin-id', fullName: 'Grace Hopper' },
    });
    const { user, router } = renderApp('/users/profile', { user: me });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();
    expect(field('Email')).toHaveTextContent('alice@example.com');
    expect(field('Role')).toHaveTextContent('Project manager');
    expect(field('Full name')).toHaveTextContent('Alice Smith');
    expect(field('Status')).toHaveTextContent('Active');
    expect(field('Record date')).toHaveTextContent('04/03/2025 at 03:05 PM');
    expect(field('Recorded by')).toHaveTextContent('Grace Hopper');
    expect(within(screen.getByRole('main')).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Change Password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change password' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile/change-password');
  });

  it('shows dashes for what is missing', async () => {
    renderApp('/users/profile', {
      user: createUser({ fullName: null, status: 'pending', invitedBy: null, createdAt: '' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Profile setting' });
    expect(field('Full name')).toHaveTextContent(/^-$/);
    expect(field('Status')).toHaveTextContent('Pending');
    expect(field('Record date')).toHaveTextContent(/^-$/);
    expect(field('Recorded by')).toHaveTextContent(/^-$/);
  });
});
