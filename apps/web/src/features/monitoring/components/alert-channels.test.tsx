import { ALERT_CHANNEL_MESSAGES, type CreatedAlertChannel } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import {
  createAlertChannel,
  createWebhookDelivery,
  serveAlertChannels,
} from '../testing/alert-channels-api.js';

const ADMIN = createUser({ position: 'admin' });
const PATH = '/monitoring/alerts/channels';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/ZLVp0PC5Xs=';

const table = () => screen.getByRole('table', { name: 'Alert channels' });

describe('alert channels', () => {
  it('is reached from the Monitoring navigation', async () => {
    serveAlertChannels([]);
    renderApp(PATH, { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alert channels' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Monitoring' });
    expect(within(nav).getByRole('link', { name: 'Alert channels' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows a spinner while loading, then says when there is no channel', async () => {
    const held = gate();
    answer('get', '/monitoring/alert-channels', async () => {
      await held.opened;
      return HttpResponse.json({ data: [] });
    });
    renderApp(PATH, { user: ADMIN });
    expect(await screen.findByText('Loading alert channels…')).toBeVisible();
    held.open();
    expect(await screen.findByText('No alert channels yet')).toBeVisible();
  });

  it('says when the channels cannot be loaded, and tries again', async () => {
    answer('get', '/monitoring/alert-channels', () => apiError(500, 'Database is down'));
    const { user } = renderApp(PATH, { user: ADMIN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The alert channels could not be loaded. Database is down');
    serveAlertChannels([createAlertChannel({ name: 'Back again' })]);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeVisible();
  });

  it('lists each channel with its kind, format, where it sends and its last delivery', async () => {
    serveAlertChannels([
      createAlertChannel({
        name: 'Ops hook',
        format: 'slack',
        lastDelivery: { state: 'failed', at: '2026-11-22T10:30:00.000Z', statusCode: 500 },
      }),
      createAlertChannel({
        name: 'Finance mail',
        kind: 'email',
        url: null,
        format: null,
        recipients: { userIds: ['u1'], roles: ['finance'] },
      }),
    ]);
    renderApp(PATH, { user: ADMIN });
    const hook = (await screen.findByText('Ops hook')).closest('tr')!;
    expect(hook).toHaveTextContent('Webhook');
    expect(hook).toHaveTextContent('Slack-compatible');
    expect(hook).toHaveTextContent('hooks.example.com');
    expect(hook).toHaveTextContent('Given up (HTTP 500)');
    const mail = within(table()).getByText('Finance mail').closest('tr')!;
    expect(mail).toHaveTextContent('Email');
    expect(mail).toHaveTextContent('Finance, 1 person');
    expect(within(mail).queryByRole('button', { name: /Deliveries/ })).toBeNull();
  });

  it('adds a webhook and shows its secret once, with copy', async () => {
    let channels = [createAlertChannel({ name: 'Existing' })];
    serveAlertChannels(() => channels);
    const created: CreatedAlertChannel = {
      ...createAlertChannel({ name: 'Pager', url: 'https://pager.example.com/in' }),
      secret: SECRET,
    };
    const posts = answer('post', '/monitoring/alert-channels', () => {
      channels = [...channels, { ...created, secret: undefined } as never];
      return HttpResponse.json({ data: created }, { status: 201 });
    });
    const { user } = renderApp(PATH, { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add channel' });
    await user.type(within(dialog).getByLabelText('Name'), 'Pager');
    await user.type(within(dialog).getByLabelText('URL'), 'https://pager.example.com/in');
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({
      kind: 'webhook',
      name: 'Pager',
      url: 'https://pager.example.com/in',
      format: 'standard',
    });
    const secretDialog = await screen.findByRole('dialog', { name: 'Webhook signing secret' });
    expect(secretDialog).toHaveTextContent(ALERT_CHANNEL_MESSAGES.secretOnce);
    expect(within(secretDialog).getByLabelText('Signing secret of “Pager”')).toHaveValue(SECRET);
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy secret' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Webhook signing secret' })).toBeNull(),
    );
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    // Opened from the closed Add dialog, it hands focus back to Add channel, not to the body.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add channel' })).toHaveFocus());
  });

  it('says what is missing, and shows the server’s refusal under the URL', async () => {
    serveAlertChannels([]);
    answer('post', '/monitoring/alert-channels', () =>
      apiError(400, ALERT_CHANNEL_MESSAGES.urlPrivate, { url: ALERT_CHANNEL_MESSAGES.urlPrivate }),
    );
    const { user } = renderApp(PATH, { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add channel' });
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      ALERT_CHANNEL_MESSAGES.nameRequired,
    );
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('Name'), 'Inside');
    // The shared rule judges the URL's shape before it is sent; focus goes to it.
    await user.type(within(dialog).getByLabelText('URL'), 'ftp://example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(within(dialog).getByLabelText('URL')).toHaveFocus());
    expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(
      expect.stringContaining(ALERT_CHANNEL_MESSAGES.urlInvalid),
    );
    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'http://10.0.0.1/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(
        expect.stringContaining(ALERT_CHANNEL_MESSAGES.urlPrivate),
      ),
    );
  });

  it('adds an email channel for a role', async () => {
    serveAlertChannels([]);
    const posts = answer('post', '/monitoring/alert-channels', () =>
      HttpResponse.json(
        { data: createAlertChannel({ kind: 'email', url: null, format: null }) },
        { status: 201 },
      ),
    );
    const { user } = renderApp(PATH, { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add channel' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Admins');
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
    expect(
      await within(dialog).findByText(ALERT_CHANNEL_MESSAGES.recipientsRequired),
    ).toBeVisible();
    // Focus goes to the first role, where the choice is missing.
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')[0]).toHaveFocus());
    await user.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({
      kind: 'email',
      name: 'Admins',
      recipients: { userIds: [], roles: ['admin'] },
    });
    expect(await findToast(ALERT_CHANNEL_MESSAGES.created)).toBeVisible();
  });

  it('edits, sends a test with a toast, and deletes after confirming', async () => {
    const channel = createAlertChannel({ name: 'Ops hook' });
    let channels = [channel];
    serveAlertChannels(() => channels);
    const patches = answer('patch', `/monitoring/alert-channels/${channel.id}`, () =>
      HttpResponse.json({ data: { ...channel, name: 'Ops hook 2' } }),
    );
    const tests = answer('post', `/monitoring/alert-channels/${channel.id}/test`, () =>
      HttpResponse.json({ data: { channelId: channel.id, type: 'test.fired' } }, { status: 202 }),
    );
    const deletes = answer('delete', `/monitoring/alert-channels/${channel.id}`, () => {
      channels = [];
      return new HttpResponse(null, { status: 204 });
    });
    const { user } = renderApp(PATH, { user: ADMIN });

    await user.click(await screen.findByRole('button', { name: 'Send a test through Ops hook' }));
    expect(await findToast(ALERT_CHANNEL_MESSAGES.testQueued)).toBeVisible();
    expect(tests).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Edit Ops hook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Ops hook”' });
    expect(within(dialog).queryByRole('combobox', { name: 'Kind' })).toBeNull();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ops hook 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({
      name: 'Ops hook 2',
      url: channel.url,
      format: 'standard',
    });

    await user.click(screen.getByRole('button', { name: 'Delete Ops hook' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete channel' });
    expect(deletes).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete channel' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(await findToast(ALERT_CHANNEL_MESSAGES.deleted)).toBeVisible();
    expect(await screen.findByText('No alert channels yet')).toBeVisible();
  });

  it('shows a webhook’s delivery log with each attempt', async () => {
    const channel = createAlertChannel({ name: 'Ops hook' });
    serveAlertChannels([channel]);
    answer('get', `/monitoring/alert-channels/${channel.id}/deliveries`, () =>
      HttpResponse.json({
        data: [createWebhookDelivery()],
        meta: { currentPage: 1, itemsPerPage: 10, totalItems: 1, totalPages: 1 },
      }),
    );
    const { user } = renderApp(PATH, { user: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Deliveries of Ops hook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries of “Ops hook”' });
    expect(await within(dialog).findByText('test.fired: Delivered')).toBeVisible();
    expect(dialog).toHaveTextContent(/Attempt 1: .*HTTP 500, 31 ms \(HTTP 500\)/);
    expect(dialog).toHaveTextContent(/Attempt 2: .*HTTP 200, 12 ms/);
  });
});
