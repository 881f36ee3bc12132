import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  createErrorGroup,
  createOccurrence,
  detailOf,
} from '../../../../features/monitoring/testing/monitoring-api.js';
import { createUser } from '../../../../testing/data.js';
import { answer, apiError, findToast, gate } from '../../../../testing/http.js';
import { renderApp } from '../../../../testing/render-app.js';

const ADMIN = createUser({ position: 'admin' });

describe('error group detail', () => {
  it('shows a spinner while the group loads', async () => {
    const group = createErrorGroup();
    const held = gate();
    answer('get', `/monitoring/error-groups/${group.id}`, async () => {
      await held.opened;
      return HttpResponse.json({ data: detailOf(group) });
    });
    renderApp(`/monitoring/errors/${group.id}`, { user: ADMIN });
    expect(await screen.findByText('Loading error…')).toBeVisible();
    held.open();
    expect(await screen.findByRole('heading', { level: 1, name: group.title })).toBeVisible();
  });

  it('says when the group does not exist', async () => {
    const id = createErrorGroup().id;
    answer('get', `/monitoring/error-groups/${id}`, () => apiError(404, 'Error group not found'));
    renderApp(`/monitoring/errors/${id}`, { user: ADMIN });
    expect(await screen.findByRole('alert')).toHaveTextContent('This error group does not exist.');
  });

  it('says when the group cannot be loaded, and tries again', async () => {
    const group = createErrorGroup();
    answer('get', `/monitoring/error-groups/${group.id}`, () => apiError(500, 'Database is down'));
    const { user } = renderApp(`/monitoring/errors/${group.id}`, { user: ADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The error group could not be loaded. Database is down');
    answer('get', `/monitoring/error-groups/${group.id}`, () =>
      HttpResponse.json({ data: detailOf(group) }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: group.title })).toBeVisible();
  });

  it('shows the group and its occurrences, with the request and the user', async () => {
    const group = createErrorGroup({
      title: 'Error: Profile could not be read',
      source: 'server',
      type: 'Error',
      regressed: true,
    });
    const occurrence = createOccurrence({
      message: 'Profile could not be read',
      method: 'GET',
      route: '/api/users/profile',
      status: 500,
      requestId: 'req-123',
      url: null,
      release: '1.2.3',
      user: { id: ADMIN.id, fullName: 'Ada Admin', email: 'ada@example.com' },
    });
    answer('get', `/monitoring/error-groups/${group.id}`, () =>
      HttpResponse.json({ data: detailOf(group, [occurrence, createOccurrence()]) }),
    );
    const { user } = renderApp(`/monitoring/errors/${group.id}`, { user: ADMIN });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error: Profile could not be read' }),
    ).toBeVisible();
    expect(screen.getByText('Regressed')).toBeVisible();

    const items = within(screen.getByRole('list', { name: 'Recent occurrences' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText('GET /api/users/profile → 500')).toBeVisible();
    expect(first.getByText('req-123')).toBeVisible();
    expect(first.getByText('Ada Admin (ada@example.com)')).toBeVisible();
    expect(within(items[1]!).getByText('Not signed in')).toBeVisible();

    await user.click(first.getByText('Stack trace'));
    expect(first.getByText(/at renderRow/)).toBeVisible();
  });

  it('resolves the group, and offers to reopen it then', async () => {
    const group = createErrorGroup();
    answer('get', `/monitoring/error-groups/${group.id}`, () =>
      HttpResponse.json({ data: detailOf(group) }),
    );
    const calls = answer('patch', `/monitoring/error-groups/${group.id}`, () =>
      HttpResponse.json({
        data: { ...detailOf(group), status: 'resolved', resolvedAt: '2026-11-23T10:00:00.000Z' },
      }),
    );
    const { user } = renderApp(`/monitoring/errors/${group.id}`, { user: ADMIN });
    await screen.findByRole('heading', { level: 1, name: group.title });
    expect(screen.getByRole('button', { name: 'Reopen' })).toHaveAttribute('aria-disabled', 'true');

    const resolve = screen.getByRole('button', { name: 'Resolve' });
    await user.click(resolve);
    expect(await findToast('The error group has been resolved.')).toBeVisible();
    expect(calls[0]?.body).toEqual({ status: 'resolved' });
    expect(resolve).toHaveAttribute('aria-disabled', 'true');
    expect(resolve).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Reopen' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows an error toast when the change fails', async () => {
    const group = createErrorGroup();
    answer('get', `/monitoring/error-groups/${group.id}`, () =>
      HttpResponse.json({ data: detailOf(group) }),
    );
    answer('patch', `/monitoring/error-groups/${group.id}`, () =>
      apiError(403, 'You are not allowed to do this'),
    );
    const { user } = renderApp(`/monitoring/errors/${group.id}`, { user: ADMIN });
    await screen.findByRole('heading', { level: 1, name: group.title });
    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(await findToast('You are not allowed to do this')).toBeVisible();
  });
});
