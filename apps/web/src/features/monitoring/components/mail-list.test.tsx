import { MAIL_MESSAGES } from '@staff-admin/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { MAIL_FOLLOW_MS } from '../api/get-mail.js';
import { createOutboxMail, serveMail } from '../testing/monitoring-api.js';

const ADMIN = createUser({ position: 'admin' });

const rows = () =>
  within(screen.getByRole('table', { name: 'Mail outbox' }))
    .getAllByRole('row')
    .slice(1);

const EMPTY_TEXT = 'No mail has been queued yet. Send a test mail to try the mail server.';

describe('mail list', () => {
  it('is reached from the area’s navigation', async () => {
    serveMail([]);
    const { router, user } = renderApp('/monitoring/mail', { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Monitoring' });
    expect(within(nav).getByRole('link', { name: 'Mail' })).toHaveAttribute('aria-current', 'page');
    answer('get', '/monitoring/error-groups', () =>
      HttpResponse.json({
        data: [],
        meta: { currentPage: 1, itemsPerPage: 10, totalItems: 0, totalPages: 0 },
      }),
    );
    await user.click(within(nav).getByRole('link', { name: 'Errors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitoring/errors'));
  });

  it('shows a spinner while the first page loads', async () => {
    const held = gate();
    answer('get', '/monitoring/mail', async () => {
      await held.opened;
      return HttpResponse.json({
        data: [],
        meta: { currentPage: 1, itemsPerPage: 10, totalItems: 0, totalPages: 0 },
      });
    });
    renderApp('/monitoring/mail', { user: ADMIN });
    expect(await screen.findByText('Loading mail…')).toBeVisible();
    held.open();
    expect(await screen.findByText(EMPTY_TEXT)).toBeVisible();
  });

  it('says so when no mail has been queued', async () => {
    serveMail([]);
    renderApp('/monitoring/mail', { user: ADMIN });
    expect(await screen.findByText(EMPTY_TEXT)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No mail found');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    answer('get', '/monitoring/mail', () => apiError(500, 'Database is down'));
    const { user } = renderApp('/monitoring/mail', { user: ADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The mail could not be loaded. Database is down');

    serveMail([createOutboxMail({ kind: 'test' })]);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Test mail' })).toBeVisible();
  });

  it('shows each mail with its state, attempts, next try and last reply, and the actions it allows', async () => {
    const retrying = createOutboxMail({
      kind: 'password_reset',
      recipient: 'b***@example.com',
      state: 'retrying',
      attempts: 2,
      nextAttemptAt: '2026-11-22T10:35:00.000Z',
      sentAt: null,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    const sent = createOutboxMail();
    serveMail([retrying, sent]);
    renderApp('/monitoring/mail', { user: ADMIN });
    await screen.findByRole('cell', { name: 'Password reset' });

    const cells = rows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual([
      'Password reset',
      'b***@example.com',
      'RetryingAttempt 2 failed; next try 22/11/2026 at 10:35 AM',
      '22/11/2026 at 10:30 AM',
      '2',
      'connect ECONNREFUSED 127.0.0.1:25',
      'RetryCancel',
    ]);
    expect(cells[1]?.slice(0, 3)).toEqual([
      'Invitation',
      'a***@example.com',
      'Sent22/11/2026 at 10:30 AM',
    ]);
    const actions = (row: number) =>
      within(rows()[row]!)
        .getAllByRole('button')
        .map((button) => [
          button.getAttribute('aria-label'),
          button.getAttribute('aria-disabled') === 'true' ? 'disabled' : 'enabled',
        ]);
    expect(actions(0)).toEqual([
      ['Retry the password reset to b***@example.com', 'enabled'],
      ['Cancel the password reset to b***@example.com', 'enabled'],
    ]);
    // A sent mail offers neither, and says why: its state describes the buttons.
    expect(actions(1)).toEqual([
      ['Retry the invitation to a***@example.com', 'disabled'],
      ['Cancel the invitation to a***@example.com', 'disabled'],
    ]);
    expect(
      within(rows()[1]!).getByRole('button', { name: /^Retry/, description: /^Sent/ }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('2 mails, page 1 of 1');
  });

  it('keeps filters and sort in the URL and asks the server for them', async () => {
    const queries = serveMail([createOutboxMail({ state: 'failed', sentAt: null })]);
    const { router, user } = renderApp('/monitoring/mail?state=failed&kind=bogus', {
      user: ADMIN,
    });
    await screen.findByRole('table', { name: 'Mail outbox' });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ state: 'failed' }));
    expect(queries.at(-1)).not.toHaveProperty('kind');

    await user.click(screen.getByRole('button', { name: 'Attempts' }));
    await waitFor(() =>
      expect(router.state.location.search).toContain('sortBy=attempts&sortDirection=DESC'),
    );
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ sortBy: 'attempts' }));
  });

  it('retries a failed mail and says so', async () => {
    const failed = createOutboxMail({
      state: 'failed',
      attempts: 5,
      sentAt: null,
      failedAt: '2026-11-22T11:00:00.000Z',
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    serveMail([failed]);
    const calls = answer('post', `/monitoring/mail/${failed.id}/retry`, () =>
      HttpResponse.json({ data: { ...failed, state: 'queued', failedAt: null } }),
    );
    const { user } = renderApp('/monitoring/mail', { user: ADMIN });
    await user.click(
      await screen.findByRole('button', { name: 'Retry the invitation to a***@example.com' }),
    );
    expect(await findToast('The mail will be sent again now.')).toBeVisible();
    expect(calls).toHaveLength(1);
  });

  it('follows a retried mail until its try is over, without a reload', async () => {
    // Only the list's refresh timer is faked: the clock of the test moves it, not a sleep.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const failed = createOutboxMail({
        state: 'failed',
        attempts: 3,
        sentAt: null,
        failedAt: '2026-11-22T11:00:00.000Z',
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      });
      const outbox = [failed];
      const queries = serveMail(outbox);
      answer('post', `/monitoring/mail/${failed.id}/retry`, () => {
        outbox[0] = { ...failed, state: 'sending', failedAt: null };
        return HttpResponse.json({ data: { ...failed, state: 'retrying', failedAt: null } });
      });
      const { user } = renderApp('/monitoring/mail', { user: ADMIN });
      await user.click(await screen.findByRole('button', { name: /^Retry/ }));
      await waitFor(() => expect(rows()[0]).toHaveTextContent('Sending'));

      // The worker sends it in the background; the next refresh shows it.
      outbox[0] = {
        ...failed,
        state: 'sent',
        attempts: 4,
        failedAt: null,
        sentAt: '2026-11-22T11:05:00.000Z',
        lastError: null,
      };
      await act(async () => {
        vi.advanceTimersByTime(MAIL_FOLLOW_MS);
      });
      await waitFor(() => expect(rows()[0]).toHaveTextContent('Sent'));
      expect(within(rows()[0]!).getAllByRole('cell')[4]).toHaveTextContent('4');
      expect(rows()[0]).not.toHaveTextContent('ECONNREFUSED');

      // Settled: no more refreshes.
      const asked = queries.length;
      await act(async () => {
        vi.advanceTimersByTime(5 * MAIL_FOLLOW_MS);
      });
      expect(queries).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells why a retry was refused', async () => {
    const failed = createOutboxMail({ state: 'failed', sentAt: null });
    serveMail([failed]);
    answer('post', `/monitoring/mail/${failed.id}/retry`, () =>
      apiError(409, 'Only a failed or retrying mail can be retried.'),
    );
    const { user } = renderApp('/monitoring/mail', { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: /^Retry/ }));
    expect(await findToast('Only a failed or retrying mail can be retried.')).toBeVisible();
  });

  it('cancels a queued mail after confirmation, and not without', async () => {
    const queued = createOutboxMail({ state: 'queued', sentAt: null });
    serveMail([queued]);
    const calls = answer('post', `/monitoring/mail/${queued.id}/cancel`, () =>
      HttpResponse.json({
        data: { ...queued, state: 'failed', lastError: 'cancelled by Ada Admin' },
      }),
    );
    const { user } = renderApp('/monitoring/mail', { user: ADMIN });
    const cancel = await screen.findByRole('button', {
      name: 'Cancel the invitation to a***@example.com',
    });

    await user.click(cancel);
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel mail' });
    expect(dialog).toHaveTextContent('The invitation to a***@example.com will not be sent.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toHaveLength(0);

    await user.click(cancel);
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel mail' }));
    expect(await findToast('The mail has been cancelled.')).toBeVisible();
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('hands focus on when a cancelled mail leaves the filtered list: next mail, else previous, else the table', async () => {
    const outbox = ['a', 'b', 'c'].map((letter) =>
      createOutboxMail({ state: 'queued', sentAt: null, recipient: `${letter}***@example.com` }),
    );
    serveMail(outbox);
    answer('post', '/monitoring/mail/:id/cancel', ({ url }) => {
      const index = outbox.findIndex((mail) => url.pathname.includes(mail.id));
      outbox[index] = { ...outbox[index]!, state: 'failed', lastError: 'cancelled by Ada Admin' };
      return HttpResponse.json({ data: outbox[index] });
    });
    const { user } = renderApp('/monitoring/mail?state=queued', { user: ADMIN });
    const cancel = async (recipient: string) => {
      await user.click(
        await screen.findByRole('button', { name: `Cancel the invitation to ${recipient}` }),
      );
      const dialog = await screen.findByRole('alertdialog', { name: 'Cancel mail' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel mail' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
    };

    // The row (and its Cancel, the dialog's opener) is gone: focus goes to the next mail's row.
    await cancel('b***@example.com');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Retry the invitation to c***@example.com' }),
      ).toHaveFocus(),
    );
    await cancel('c***@example.com');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Retry the invitation to a***@example.com' }),
      ).toHaveFocus(),
    );
    await cancel('a***@example.com');
    await waitFor(() =>
      expect(screen.getByText('Mail outbox', { selector: 'caption' })).toHaveFocus(),
    );
    expect(screen.getByText('No mail matches these filters.')).toBeVisible();
  });

  it('sends a test mail to the admin and says so', async () => {
    serveMail([]);
    const calls = answer('post', '/monitoring/mail/test', () =>
      HttpResponse.json(
        { data: createOutboxMail({ kind: 'test', state: 'queued' }) },
        { status: 201 },
      ),
    );
    const { user } = renderApp('/monitoring/mail', { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Send a test mail' }));
    expect(await findToast(MAIL_MESSAGES.testQueued)).toBeVisible();
    expect(calls).toHaveLength(1);
  });

  it('tells a finance user they have no access', async () => {
    renderApp('/monitoring/mail', { user: createUser({ position: 'finance' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeVisible();
  });
});
