import { MAIL_DELIVERY_MESSAGES as M, TOAST_MESSAGES } from '@staff-admin/shared';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, findToasts } from '../../../testing/http.js';
import { serveBulkCreate, serveEmailCheck } from '../testing/users-api.js';
import { openUsersDialog } from '../testing/users-page.js';

/** Invites two people from a CSV file while the server says mail delivery is `delivery`. */
async function inviteTwo(delivery: 'working' | 'delayed' | 'log') {
  serveEmailCheck();
  serveBulkCreate(undefined, delivery);
  const view = await openUsersDialog('Invite from CSV', 'Invite from a CSV file');
  await view.user.upload(
    within(view.dialog).getByLabelText('CSV file'),
    new File(['Email,Role\nann@company.com,Contractor\nbo@company.com,Finance\n'], 'team.csv', {
      type: 'text/csv',
    }),
  );
  await view.user.click(
    await within(view.dialog).findByRole('button', { name: 'Send 2 invitations' }),
  );
  await within(view.dialog).findByRole('heading', { name: '2 users invited' });
  return view;
}

describe('invitations and mail delivery (issue 33, item 18)', () => {
  it('says SPEC’s “Invitation sent!” while mail goes out', async () => {
    const { dialog } = await inviteTwo('working');
    expect(await findToast(TOAST_MESSAGES.invitationSent)).toBeVisible();
    expect(within(dialog).queryByText(/queued/)).not.toBeInTheDocument();
  });

  it('says the invitations are queued, never sent, while delivery is delayed, with the way to Mail', async () => {
    const { dialog } = await inviteTwo('delayed');
    const toasts = await findToasts();
    expect(await within(toasts).findByText(M.invitationsQueued(2))).toBeVisible();
    expect(within(toasts).getByText(M.delayedDetail)).toBeVisible();
    expect(within(toasts).queryByText(TOAST_MESSAGES.invitationSent)).not.toBeInTheDocument();
    expect(within(toasts).getByRole('button', { name: M.openMail })).toBeVisible();

    // The summary says it too, and leads to Monitoring › Mail.
    expect(within(dialog).getByText(`${M.invitationsQueued(2)} ${M.delayedDetail}`)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: M.openMail })).toHaveAttribute(
      'href',
      '/monitoring/mail',
    );
  });

  it('says where the emails went when SMTP_URL is unset', async () => {
    const { dialog } = await inviteTwo('log');
    const toast = await findToast(TOAST_MESSAGES.invitationSent);
    expect(toast.closest('[data-sonner-toast]')).toHaveTextContent(M.logged);
    expect(within(dialog).getByText(M.logged)).toBeVisible();
  });
});
