import type { LockedAccount, Paginated } from '@staff-admin/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SecurityLockedAccounts } from '../features/monitoring/components/security-locked-accounts.js';
import { useLockedEmails } from '../features/users/api/get-locked-accounts.js';
import { answer } from '../testing/http.js';
import { AppProvider } from './provider.js';

const LOCKED: LockedAccount = {
  email: 'ada@example.com',
  user: null,
  lockedAt: '2026-11-22T10:30:00.000Z',
  lockedUntil: '2026-11-22T10:31:00.000Z',
  lockouts: 1,
};

const onePage = (data: LockedAccount[]): Paginated<LockedAccount> => ({
  data,
  meta: { currentPage: 1, itemsPerPage: 20, totalItems: data.length, totalPages: 1 },
});

/** What the user list marks as locked, as its rows read it. */
function UserListMarks() {
  const locked = useLockedEmails();
  return <p>Marked locked: {[...locked].join(', ') || 'none'}</p>;
}

describe('locked accounts, shown by Users and by Monitoring › Security', () => {
  it('are one query: loaded once for both, and an unlock refreshes both', async () => {
    let locked = [LOCKED];
    const loads = answer('get', '/monitoring/security/locked-accounts', () =>
      HttpResponse.json(onePage(locked)),
    );
    answer('post', '/monitoring/security/locked-accounts/unlock', () => {
      locked = [];
      return HttpResponse.json(null, { status: 204 });
    });
    answer('get', '/monitoring/security/summary', () =>
      HttpResponse.json({ data: { failedSignIns: [], refreshTokenReuses: [] } }),
    );
    const user = userEvent.setup();
    render(
      <AppProvider>
        <UserListMarks />
        <SecurityLockedAccounts />
      </AppProvider>,
    );
    expect(await screen.findByText('Marked locked: ada@example.com')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'ada@example.com' })).toBeVisible();
    expect(loads).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Unlock ada@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlock account' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByText('No account is locked now.')).toBeVisible();
    expect(screen.getByText('Marked locked: none')).toBeVisible();
    expect(loads).toHaveLength(2);
  });
});
