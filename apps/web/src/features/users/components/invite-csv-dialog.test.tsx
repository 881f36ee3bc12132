import {
  API_MESSAGES,
  BULK_CREATE_MAX,
  TOAST_MESSAGES,
  type BulkCreateInput,
  type BulkCreateResult,
  type Paginated,
  type User,
} from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, findToast, gate } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { serveUserList } from '../testing/users-api.js';

const ADMIN = createUser({ position: 'admin', fullName: 'Ada Admin' });
const TAKEN = createUser({ email: 'taken@example.com', fullName: 'Tina Taken' });

/** GET /users/emails answers with the users among `known` whose email was asked about. */
function answerEmailCheck(known: User[] = []) {
  return answer('get', '/users/emails', ({ url }) => {
    const asked = (url.searchParams.get('emails') ?? '').split(',');
    const data = known.filter((user) => asked.includes(user.email));
    const body: Paginated<User> = {
      data,
      meta: { currentPage: 1, itemsPerPage: 100, totalItems: data.length, totalPages: 1 },
    };
    return HttpResponse.json(body);
  });
}

/** POST /users/bulk-create creates everyone asked for, after `hold(call)` if given. */
function answerBulkCreate(hold?: (call: number) => Promise<void> | undefined) {
  let count = 0;
  return answer('post', '/users/bulk-create', async ({ body }) => {
    await hold?.(count++);
    const { users } = body as BulkCreateInput;
    const result: BulkCreateResult = {
      created: users.map(({ email, fullName }) =>
        createUser({ email, fullName: fullName ?? null, status: 'pending' }),
      ),
      skipped: [],
    };
    return HttpResponse.json({ data: result }, { status: 201 });
  });
}

async function openCsvDialog() {
  const listQueries = serveUserList([ADMIN]);
  const view = renderApp('/users', { user: ADMIN });
  await view.user.click(await screen.findByRole('button', { name: 'Invite from CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite from a CSV file' });
  const choose = (text: string, name = 'team.csv') =>
    view.user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([text], name, { type: 'text/csv' }),
    );
  return { ...view, dialog, choose, listQueries };
}

/** The preview's rows as [line, email, full name, role, check]. */
const previewRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Rows of the file' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('invite from a CSV file', () => {
  it('says which columns the file needs', async () => {
    const { dialog, choose } = await openCsvDialog();
    const field = within(dialog).getByLabelText('CSV file');
    expect(field).toHaveAccessibleDescription(/The first line names the columns: email, fullName/);
    expect(field).toHaveAccessibleDescription(/position, the role: admin, project_owner/);

    await choose('name,mail\nAnn,ann@company.com\n');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The first line must name the columns email, fullName and position; email and position are missing.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
  });

  it('previews every row with its problems, then sends only the good rows', async () => {
    const checks = answerEmailCheck([TAKEN]);
    const created = answerBulkCreate();
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
    expect(heading).toHaveFocus();
    expect(previewRows(dialog)).toEqual([
      ['2', 'ann@company.com', 'Ann Lee', 'contractor', 'Ready'],
      ['3', 'not-an-email', 'Bad Email', 'finance', 'Email is invalid.'],
      [
        '4',
        'cid@company.com',
        'Cid',
        'wizard',
        'Unknown role “wizard”. Use one of: admin, project_owner, project_manager, contractor, finance.',
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

  it('sends a large file in chunks, with a progress bar', async () => {
    const total = BULK_CREATE_MAX * 2 + 30;
    const checks = answerEmailCheck();
    const held = gate();
    const created = answerBulkCreate((call) => (call === 2 ? held.opened : undefined));
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
