import {
  API_MESSAGES,
  BULK_CREATE_MAX,
  TOAST_MESSAGES,
  USER_EXPORT_COLUMNS,
  type BulkCreateInput,
} from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, findToast, gate, reauthenticationRequired } from '../../../testing/http.js';
import { serveBulkCreate, serveEmailCheck } from '../testing/users-api.js';
import { openUsersDialog } from '../testing/users-page.js';

const TAKEN = createUser({ email: 'taken@example.com', fullName: 'Tina Taken' });

async function openCsvDialog() {
  const { queries: listQueries, ...view } = await openUsersDialog(
    'Invite from CSV',
    'Invite from a CSV file',
  );
  const choose = (text: string, name = 'team.csv') =>
    view.user.upload(
      within(view.dialog).getByLabelText('CSV file'),
      new File([text], name, { type: 'text/csv' }),
    );
  return { ...view, choose, listQueries };
}

/** The preview's rows as [line, email, full name, role, check], each value named in its row. */
const previewRows = (dialog: HTMLElement) =>
  Array.from(
    within(dialog).getByRole('list', { name: 'Rows of the file' }).querySelectorAll('dl'),
  ).map((row) => {
    const names = Array.from(row.querySelectorAll('dt'), (term) => term.textContent);
    expect(names).toEqual(['Line', 'Email', 'Full name', 'Role', 'Check']);
    return Array.from(row.querySelectorAll('dd'), (value) => value.textContent);
  });

describe('invite from a CSV file', () => {
  it('says which columns the file needs', async () => {
    const { dialog, choose } = await openCsvDialog();
    const field = within(dialog).getByLabelText('CSV file');
    expect(field).toHaveAccessibleDescription(
      /The first line names the columns Email, Full name \(may be left empty\) and Role: Admin, Project owner, Project manager, Contractor or Finance\./,
    );

    await choose('who,where\nAnn,ann@company.com\n');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The first line must name the columns Email, Full name and Role; Email and Role are missing.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
  });

  it('previews every row with its problems, then sends only the good rows', async () => {
    const checks = serveEmailCheck([TAKEN]);
    const created = serveBulkCreate();
    const { user, dialog, choose, listQueries } = await openCsvDialog();
    await choose(
      [
        '\uFEFFEmail,Full name,Position',
        'ann@company.com,Ann Lee,contractor',
        'not-an-email,Bad Email,finance',
        'cid@company.com,Cid,wizard',
        'taken@example.com,Tina,admin',
        '',
        'ANN@company.com,Ann Again,Finance',
        'dan@company.com,,Project manager',
        'eve@company.com,Eve,',
      ].join('\r\n'),
    );

    const heading = await within(dialog).findByRole('heading', { name: 'Preview of team.csv' });
    // Focus moves to the step's heading once it is drawn, which may come after it appears.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(previewRows(dialog)).toEqual([
      ['2', 'ann@company.com', 'Ann Lee', 'contractor', 'Ready'],
      ['3', 'not-an-email', 'Bad Email', 'finance', 'Email is invalid.'],
      [
        '4',
        'cid@company.com',
        'Cid',
        'wizard',
        'Unknown role “wizard”. Use one of: Admin, Project owner, Project manager, Contractor, Finance.',
      ],
      ['5', 'taken@example.com', 'Tina', 'admin', API_MESSAGES.emailTaken],
      // Line 6 is blank: left out, still counted.
      ['7', 'ANN@company.com', 'Ann Again', 'Finance', 'Repeated in the file (first on line 2).'],
      ['8', 'dan@company.com', '', 'Project manager', 'Ready'],
      ['9', 'eve@company.com', 'Eve', '', 'Please select role'],
    ]);
    expect(
      within(dialog).getByText(
        '7 rows: 2 ready to send, 5 with problems (they are not sent: fix them in the file and choose it again).',
      ),
    ).toBeVisible();
    // Only the rows that could be sent were checked against existing users.
    expect(checks.map((call) => call.url.searchParams.get('emails'))).toEqual([
      'ann@company.com,taken@example.com,dan@company.com',
    ]);
    expect(created).toEqual([]);

    const listCalls = listQueries.length;
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 invitations' }));
    expect(await within(dialog).findByRole('heading', { name: '2 users invited' })).toHaveFocus();
    expect(created.map((call) => call.body)).toEqual([
      {
        users: [
          { email: 'ann@company.com', fullName: 'Ann Lee', position: 'contractor' },
          { email: 'dan@company.com', position: 'project_manager' },
        ],
      },
    ]);
    expect(within(dialog).getByText('5 rows were not sent.')).toBeVisible();
    expect(await findToast(TOAST_MESSAGES.invitationSent)).toBeVisible();
    await waitFor(() => expect(listQueries.length).toBeGreaterThan(listCalls));
  });

  it('reads the headings people write and the user export’s own, with roles as the site names them', async () => {
    serveEmailCheck();
    const created = serveBulkCreate();
    const { user, dialog, choose } = await openCsvDialog();
    await choose(
      [
        'Name, Email ,ROLE',
        'Ann Lee,ann@company.com,Project Manager',
        'Bo Ray,bo@company.com,FINANCE',
        'Cy Doe,cy@company.com,project owner',
      ].join('\n'),
    );
    await within(dialog).findByRole('heading', { name: 'Preview of team.csv' });
    expect(previewRows(dialog).map((row) => row.at(-1))).toEqual(['Ready', 'Ready', 'Ready']);

    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    // The user export's columns, as GET /users/export.csv writes them.
    await choose(
      [
        USER_EXPORT_COLUMNS.join(','),
        'Dee Fox,dee@company.com,Contractor,Active,2026-01-01T00:00:00.000Z,,,,Off',
      ].join('\n'),
      'users.csv',
    );
    await within(dialog).findByRole('heading', { name: 'Preview of users.csv' });
    await user.click(within(dialog).getByRole('button', { name: 'Send 1 invitation' }));
    await within(dialog).findByRole('heading', { name: '1 user invited' });
    expect(created.map((call) => call.body)).toEqual([
      { users: [{ email: 'dee@company.com', fullName: 'Dee Fox', position: 'contractor' }] },
    ]);
  });

  it('invites an admin once the password is confirmed; closing the prompt goes back to the preview', async () => {
    serveEmailCheck();
    let confirmed = false;
    const calls = answer('post', '/users/bulk-create', ({ body }) => {
      if (!confirmed) return reauthenticationRequired();
      const { users } = body as BulkCreateInput;
      const created = users.map(({ email }) => createUser({ email, status: 'pending' }));
      return HttpResponse.json({ data: { created, skipped: [] } }, { status: 201 });
    });
    answer('post', '/auth/reauthenticate', () => {
      confirmed = true;
      return HttpResponse.json({ data: { reauthenticatedUntil: '2030-01-01T00:05:00.000Z' } });
    });
    const { user, dialog, choose } = await openCsvDialog();
    await choose('email,fullName,position\nann@company.com,Ann Lee,admin\n');
    const sendButton = await within(dialog).findByRole('button', { name: 'Send 1 invitation' });

    await user.click(sendButton);
    let reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(reauth).getByRole('button', { name: 'Cancel' }));
    const heading = await within(dialog).findByRole('heading', { name: 'Preview of team.csv' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(calls).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Send 1 invitation' }));
    reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(reauth).getByLabelText('Password'), 'Secret-pass1');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('heading', { name: '1 user invited' })).toHaveFocus();
    const sent = { users: [{ email: 'ann@company.com', fullName: 'Ann Lee', position: 'admin' }] };
    expect(calls.map((call) => call.body)).toEqual([sent, sent, sent]);
  });

  it('sends a large file in chunks, with a progress bar', async () => {
    const total = BULK_CREATE_MAX * 2 + 30;
    const checks = serveEmailCheck();
    const held = gate();
    const created = serveBulkCreate((call) => (call === 2 ? held.opened : undefined));
    const { user, dialog, choose } = await openCsvDialog();
    const lines = Array.from(
      { length: total },
      (_, index) => `person${index + 1}@company.com,Person ${index + 1},contractor`,
    );
    await choose(['email,fullName,position', ...lines].join('\n'), 'everyone.csv');

    await within(dialog).findByRole('heading', { name: 'Preview of everyone.csv' });
    // Existing users are asked about 100 emails at a time.
    expect(checks.map((call) => call.url.searchParams.get('emails')?.split(',').length)).toEqual([
      100, 100, 30,
    ]);
    await user.click(within(dialog).getByRole('button', { name: `Send ${total} invitations` }));

    const bar = await within(dialog).findByRole('progressbar', { name: 'Sending invitations' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', String(BULK_CREATE_MAX * 2)));
    expect(bar).toHaveAttribute('aria-valuemax', String(total));
    expect(within(dialog).getByText(`${BULK_CREATE_MAX * 2} of ${total}`)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toHaveFocus();
    held.open();

    expect(
      await within(dialog).findByRole('heading', { name: `${total} users invited` }),
    ).toBeVisible();
    expect(created.map((call) => (call.body as BulkCreateInput).users.length)).toEqual([
      BULK_CREATE_MAX,
      BULK_CREATE_MAX,
      30,
    ]);
    expect((created[2]!.body as BulkCreateInput).users.at(-1)).toEqual({
      email: `person${total}@company.com`,
      fullName: `Person ${total}`,
      position: 'contractor',
    });
  });
});
