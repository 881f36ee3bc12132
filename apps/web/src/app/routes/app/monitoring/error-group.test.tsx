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
  it('shows a stand-in title and a spinner while the group loads, and keeps focus on the title', async () => {
    const group = createErrorGroup();
    const held = gate();
    answer('get', `/monitoring/error-groups/${group.id}`, async () => {
      await held.opened;
      return HttpResponse.json({ data: detailOf(group) });
    });
    renderApp(`/monitoring/errors/${group.id}`, { user: ADMIN });
    expect(await screen.findByText('Loading error…')).toBeVisible();
    // Nothing under the stand-in title that the group's longer title would push down.
    expect(screen.queryByRole('navigation', { name: 'Monitoring' })).not.toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1, name: 'Error group' });
    heading.tabIndex = -1;
    heading.focus();
    held.open();
    expect(await screen.findByRole('heading', { level: 1, name: group.title })).toBe(heading);
    expect(heading).toHaveFocus();
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

  it('shows a browser stack mapped to our sources, with the minified frames, and the releases', async () => {
    const group = createErrorGroup({ title: 'TypeError: No name to greet' });
    const mapped = createOccurrence({
      release: '0.1.0+3f9a2c1b0d4e',
      frames: [
        {
          fileName: 'src/features/users/profile-card.tsx',
          functionName: 'formatGreeting',
          lineNumber: 42,
          columnNumber: 11,
          minified: {
            fileName: '/assets/profile-card-Bx3kQ9aZ.js',
            functionName: 'c',
            lineNumber: 1,
            columnNumber: 4242,
          },
        },
        { fileName: '/assets/vendor-A1b2C3d4.js', lineNumber: 3, columnNumber: 17 },
      ],
    });
    const unmapped = createOccurrence({
      release: '0.0.9+old',
      frames: [{ fileName: '/assets/index-Zz9yY8xX.js', functionName: 'q', lineNumber: 1 }],
    });
    answer('get', `/monitoring/error-groups/${group.id}`, () =>
      HttpResponse.json({
        data: detailOf(
          group,
          [mapped, unmapped],
          [
            {
              release: '0.1.0+3f9a2c1b0d4e',
              firstSeenAt: '2026-11-21T08:00:00.000Z',
              lastSeenAt: '2026-11-22T10:30:00.000Z',
              count: 12,
            },
            {
              release: '0.0.9+old',
              firstSeenAt: '2026-11-20T09:00:00.000Z',
              lastSeenAt: '2026-11-20T09:00:00.000Z',
              count: 1,
            },
          ],
        ),
      }),
    );
    renderApp(`/monitoring/errors/${group.id}`, { user: ADMIN });
    await screen.findByRole('heading', { level: 1, name: group.title });

    const releases = within(screen.getByRole('list', { name: 'Releases' })).getAllByRole(
      'listitem',
    );
    expect(releases).toHaveLength(2);
    expect(releases[0]).toHaveTextContent('0.1.0+3f9a2c1b0d4e');
    expect(releases[0]).toHaveTextContent('12 occurrences');
    expect(releases[1]).toHaveTextContent('0.0.9+old');
    expect(releases[1]).toHaveTextContent('1 occurrence');

    const [first, second] = within(screen.getByRole('list', { name: 'Recent occurrences' }))
      .getAllByRole('listitem')
      .filter(
        (item) => item.parentElement?.getAttribute('aria-labelledby') === 'occurrences-heading',
      );
    const frames = within(within(first!).getByRole('list', { name: 'Source frames' })).getAllByRole(
      'listitem',
    );
    expect(frames).toHaveLength(2);
    expect(frames[0]).toHaveTextContent(
      'src/features/users/profile-card.tsx:42:11 in formatGreeting',
    );
    expect(frames[0]).toHaveTextContent('Minified: /assets/profile-card-Bx3kQ9aZ.js:1:4242 in c');
    expect(frames[1]).toHaveTextContent('/assets/vendor-A1b2C3d4.js:3:17');
    expect(frames[1]).not.toHaveTextContent('Minified');
    // Nothing mapped: no source frames, the stack as sent is all there is.
    expect(within(second!).queryByRole('list', { name: 'Source frames' })).toBeNull();
  });

  it('says when no release was recorded', async () => {
    const group = createErrorGroup();
    answer('get', `/monitoring/error-groups/${group.id}`, () =>
      HttpResponse.json({ data: detailOf(group) }),
    );
    renderApp(`/monitoring/errors/${group.id}`, { user: ADMIN });
    await screen.findByRole('heading', { level: 1, name: group.title });
    expect(screen.getByText('No release recorded: its reports came without one.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Releases' })).toBeNull();
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
