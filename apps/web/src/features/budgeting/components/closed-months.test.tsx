import { DATE_FIELD_MESSAGES } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';

const MARCH = {
  month: '2026-03',
  closedAt: '2026-04-02T09:00:00.000Z',
  closedBy: { id: 'u1', fullName: 'Fran Finance', email: 'fran@example.com' },
};

describe('closed months', () => {
  it('lists closed months and closes another after a confirmation', async () => {
    answer('get', '/closed-months', () => HttpResponse.json({ data: [MARCH] }));
    const calls = answer('post', '/closed-months', () =>
      HttpResponse.json({ data: { ...MARCH, month: '2026-04' } }, { status: 201 }),
    );
    const { user } = renderApp('/financial/closed-months', {
      user: createUser({ position: 'finance' }),
    });
    expect(await screen.findByRole('cell', { name: 'March 2026' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();

    const month = screen.getByLabelText('Month to close');
    expect(month).toHaveAccessibleDescription('mm/yyyy');
    await user.clear(month);
    await user.type(month, '04/2026');
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Close month' });
    expect(confirm).toHaveTextContent('Close April 2026?');
    await user.click(within(confirm).getByRole('button', { name: 'Close month' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ month: '2026-04' });
    expect(await findToast('April 2026 is closed.')).toBeVisible();
  });

  it('says how to write the month, and keeps focus on it, when it is not one', async () => {
    answer('get', '/closed-months', () => HttpResponse.json({ data: [] }));
    const calls = answer('post', '/closed-months');
    const { user } = renderApp('/financial/closed-months', {
      user: createUser({ position: 'finance' }),
    });
    const month = await screen.findByLabelText('Month to close');
    await user.clear(month);
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    expect(month).toHaveFocus();
    expect(month).toHaveAccessibleDescription(`mm/yyyy ${DATE_FIELD_MESSAGES.month}`);
    await user.type(month, '13/2026{Enter}');
    expect(month).toHaveAccessibleDescription(`mm/yyyy ${DATE_FIELD_MESSAGES.month}`);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lets an admin reopen a month', async () => {
    answer('get', '/closed-months', () => HttpResponse.json({ data: [MARCH] }));
    const calls = answer(
      'delete',
      '/closed-months/2026-03',
      () => new HttpResponse(null, { status: 204 }),
    );
    const { user } = renderApp('/financial/closed-months', {
      user: createUser({ position: 'admin' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reopen March 2026' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reopen month' });
    await user.click(within(confirm).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await findToast('March 2026 is open again.')).toBeVisible();
  });

  it('hands focus to the next month after a reopen, else the previous, else the table', async () => {
    let closed = ['2026-01', '2026-02', '2026-03'].map((month) => ({ ...MARCH, month }));
    answer('get', '/closed-months', () => HttpResponse.json({ data: closed }));
    answer('delete', '/closed-months/:month', ({ url }) => {
      closed = closed.filter((row) => !url.pathname.endsWith(row.month));
      return new HttpResponse(null, { status: 204 });
    });
    const { user } = renderApp('/financial/closed-months', {
      user: createUser({ position: 'admin' }),
    });
    const reopen = async (label: string) => {
      await user.click(await screen.findByRole('button', { name: `Reopen ${label}` }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Reopen month' });
      await user.click(within(confirm).getByRole('button', { name: 'Reopen' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    };

    await reopen('February 2026');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reopen March 2026' })).toHaveFocus(),
    );
    await reopen('March 2026');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reopen January 2026' })).toHaveFocus(),
    );
    await reopen('January 2026');
    expect(await screen.findByText('No month is closed yet.')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Closed months' });
    await waitFor(() => expect(table.querySelector('caption')).toHaveFocus());
  });

  it('shows a spinner, then says when no month is closed', async () => {
    const held = gate();
    answer('get', '/closed-months', async () => {
      await held.opened;
      return HttpResponse.json({ data: [] });
    });
    renderApp('/financial/closed-months', { user: createUser({ position: 'finance' }) });
    expect(await screen.findByText('Loading closed months…')).toBeVisible();
    held.open();
    expect(await screen.findByText('No month is closed yet.')).toBeVisible();
  });

  it('says when the closed months cannot be loaded', async () => {
    answer('get', '/closed-months', () => apiError(500, 'Database is down'));
    renderApp('/financial/closed-months', { user: createUser({ position: 'finance' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The closed months could not be loaded. Database is down',
    );
  });
});
