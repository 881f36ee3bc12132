import { screen, waitFor, within } from '@testing-library/react';
import {
  BUDGETING_MESSAGES as M,
  COST_IMPORT_MAX_COLUMNS,
  DAY_IN_FILE_MESSAGE,
  type CostEntry,
} from '@staff-admin/shared';
import { HttpResponse } from 'msw';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import {
  createCost,
  createProject,
  detailOf,
  importResult,
  serveProject,
} from '../testing/budgeting-api.js';
import { createBatch } from '../testing/detail-builders.js';

const FINANCE = createUser({ position: 'finance' });
const gbp = (amount: number) => ({ amount, currency: 'GBP' });

describe('project detail', () => {
  it('shows the key figures, the cost by month and the costs', async () => {
    const project = createProject({ code: 'ACME-WEB', name: 'Website' });
    serveProject(
      detailOf(project, [
        { month: '2026-04', amount: gbp(100_000) },
        { month: '2026-05', amount: gbp(150_000) },
      ]),
      [createCost({ description: 'IDE licences' })],
    );
    renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ACME-WEB · Website' }),
    ).toBeVisible();
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(figures).toHaveTextContent('£10,000.00');
    expect(figures).toHaveTextContent('£2,500.00');
    const months = screen.getByRole('table', { name: 'Cost by month' });
    expect(within(months).getByRole('row', { name: /2026-05/ })).toHaveTextContent('£2,500.00');
    expect(await screen.findByRole('cell', { name: 'IDE licences' })).toBeVisible();
  });

  it('keeps the costs filters in the URL, sends them, and exports what they match', async () => {
    const project = createProject({ code: 'ACME-WEB' });
    serveProject(detailOf(project));
    const calls = answer('get', `/projects/${project.id}/costs`, () =>
      HttpResponse.json({
        data: [],
        meta: { currentPage: 1, itemsPerPage: 20, totalItems: 0, totalPages: 0 },
      }),
    );
    const exports = answer(
      'get',
      `/projects/${project.id}/costs/export.csv`,
      () => new HttpResponse('date\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    const { user, router } = renderApp(
      `/financial/projects/${project.id}?category=travel&from=2026-05-01`,
      { user: FINANCE },
    );
    expect(await screen.findByText('No cost matches these filters.')).toBeVisible();
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toMatchObject({
      category: 'travel',
      from: '2026-05-01',
      page: '1',
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(Object.fromEntries(exports[0]!.url.searchParams)).toEqual({
      category: 'travel',
      from: '2026-05-01',
    });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('category'));
  });

  it('edits the project; its currency is fixed once it has costs', async () => {
    const project = createProject({ name: 'Website', costCount: 2 });
    serveProject(detailOf(project));
    const calls = answer('patch', `/projects/${project.id}`, () =>
      HttpResponse.json({ data: { ...project, name: 'Web shop', status: 'archived' } }),
    );
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Edit project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    expect(
      within(dialog).getByText('The currency cannot change once the project has costs.'),
    ).toBeVisible();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Web shop');
    await user.click(within(dialog).getByRole('button', { name: 'Save project' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ name: 'Web shop', endDate: '2026-12-31' });
    expect(calls[0]!.body).not.toHaveProperty('currency');
    expect(await findToast('The project has been saved.')).toBeVisible();
  });

  it('says so for a project that does not exist', async () => {
    answer('get', '/projects/missing', () => apiError(404, 'Project not found'));
    answer('get', '/projects/missing/budget-revisions', () => apiError(404, 'Project not found'));
    renderApp('/financial/projects/missing', { user: FINANCE });
    expect(await screen.findByRole('alert')).toHaveTextContent('This project does not exist.');
  });

  it('adds a cost in minor units of the project’s currency', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const calls = answer('post', `/projects/${project.id}/costs`, () =>
      HttpResponse.json({ data: createCost() }, { status: 201 }),
    );
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Add cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cost' });
    await user.type(within(dialog).getByLabelText('Date'), '2026-05-10');
    await user.type(within(dialog).getByLabelText('Description'), 'Monitors');
    await user.type(within(dialog).getByLabelText('Amount (GBP)'), '1,250.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add cost' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      date: '2026-05-10',
      description: 'Monitors',
      category: 'software',
      amount: gbp(125050),
    });
    expect(await findToast('The cost has been added.')).toBeVisible();
  });

  it('edits a cost with its values filled in', async () => {
    const project = createProject();
    const cost = createCost({ description: 'Monitors', amount: gbp(125050) });
    serveProject(detailOf(project), [cost]);
    const calls = answer('patch', `/costs/${cost.id}`, () => HttpResponse.json({ data: cost }));
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Edit Monitors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit cost' });
    const amount = within(dialog).getByLabelText('Amount (GBP)');
    expect(amount).toHaveValue('1250.50');
    await user.clear(amount);
    await user.type(amount, '99');
    await user.click(within(dialog).getByRole('button', { name: 'Save cost' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ description: 'Monitors', amount: gbp(9900) });
    expect(await findToast('The cost has been changed.')).toBeVisible();
  });

  it('shows the closed-month refusal of a delete', async () => {
    const project = createProject();
    const cost = createCost({ description: 'Old invoice' });
    serveProject(detailOf(project), [cost]);
    answer('delete', `/costs/${cost.id}`, () =>
      apiError(409, 'This month is closed: its costs cannot be added, changed or deleted.'),
    );
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Delete Old invoice' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete cost' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await findToast('This month is closed: its costs cannot be added, changed or deleted.'),
    ).toBeVisible();
  });

  it('hands focus to the next cost after a delete, else the previous, else the table', async () => {
    const project = createProject();
    const [first, second, third] = ['Rent', 'Taxi', 'Lunch'].map((description) =>
      createCost({ description }),
    ) as [CostEntry, CostEntry, CostEntry];
    let listed = [first, second, third];
    serveProject(detailOf(project), listed);
    answer('get', `/projects/${project.id}/costs`, () =>
      HttpResponse.json({
        data: listed,
        meta: { currentPage: 1, itemsPerPage: 20, totalItems: listed.length, totalPages: 1 },
      }),
    );
    answer('delete', '/costs/:id', ({ url }) => {
      listed = listed.filter((cost) => !url.pathname.endsWith(cost.id));
      return new HttpResponse(null, { status: 204 });
    });
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    const remove = async (description: string) => {
      await user.click(await screen.findByRole('button', { name: `Delete ${description}` }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete cost' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    };

    await remove('Taxi');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Lunch' })).toHaveFocus());
    await remove('Lunch');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Rent' })).toHaveFocus());
    await remove('Rent');
    expect(await screen.findByText('No costs yet: add one or import a CSV file.')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Costs' });
    await waitFor(() => expect(table.querySelector('caption')).toHaveFocus());
  });

  it('shows a lock instead of Edit and Delete on a cost in a closed month', async () => {
    const project = createProject();
    serveProject(
      detailOf(project),
      [
        createCost({ description: 'March rent', date: '2026-03-10' }),
        createCost({ description: 'April rent', date: '2026-04-10' }),
      ],
      ['2026-03'],
    );
    renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    const march = (await screen.findByRole('cell', { name: 'March rent' })).closest('tr')!;
    expect(await within(march).findByText('March 2026 closed')).toBeVisible();
    expect(within(march).queryByRole('button')).toBeNull();
    const april = screen.getByRole('cell', { name: 'April rent' }).closest('tr')!;
    expect(within(april).getByRole('button', { name: 'Edit April rent' })).toBeVisible();
    expect(within(april).getByRole('button', { name: 'Delete April rent' })).toBeVisible();
  });

  it('says a closed month next to the date as soon as it is chosen, and does not send the cost', async () => {
    const project = createProject();
    serveProject(detailOf(project), [], ['2026-03']);
    const calls = answer('post', `/projects/${project.id}/costs`, () =>
      HttpResponse.json({ data: createCost() }, { status: 201 }),
    );
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Add cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cost' });
    const date = within(dialog).getByLabelText('Date');
    await user.type(date, '10/03/2026');
    expect(date).toHaveAccessibleDescription(`dd/mm/yyyy ${M.monthClosed}`);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(M.monthClosed),
    );

    await user.type(within(dialog).getByLabelText('Description'), 'Rent');
    await user.type(within(dialog).getByLabelText('Amount (GBP)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add cost' }));
    await waitFor(() => expect(date).toHaveFocus());
    expect(calls).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '10/04/2026');
    expect(date).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Add cost' }));
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('after Undo on the Imports tab, focus goes to the import, which says it was undone', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const batch = createBatch({ projectId: project.id, fileName: 'may.csv', rowCount: 1 });
    let batches = [batch];
    answer('get', `/projects/${project.id}/import-batches`, () =>
      HttpResponse.json({ data: batches }),
    );
    answer('delete', `/import-batches/${batch.id}`, () => {
      batches = [{ ...batch, undoneAt: '2026-05-31T10:00:00.000Z' }];
      return HttpResponse.json({ data: batches[0] });
    });
    const { user } = renderApp(`/financial/projects/${project.id}?tab=imports`, {
      user: FINANCE,
    });
    const undo = await screen.findByRole('button', { name: 'Undo import of may.csv' });
    // One cost is counted as one (issue 33, item 15).
    expect(
      within(screen.getByRole('list', { name: 'Imports' })).getByRole('listitem'),
    ).toHaveTextContent(/^may\.csv: 1 cost, /);
    await user.click(undo);
    const confirm = await screen.findByRole('alertdialog', { name: 'Undo import' });
    expect(confirm).toHaveAccessibleDescription('Remove the 1 cost imported from may.csv?');
    await user.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    expect(await findToast('The import has been undone.')).toBeVisible();
    const item = within(screen.getByRole('list', { name: 'Imports' })).getByRole('listitem');
    await waitFor(() => expect(item).toHaveFocus());
    expect(item).toHaveTextContent('Undone');
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('refuses a file past the server’s limits at once, saying which, before any call', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const calls = answer('post', `/projects/${project.id}/costs/import`, () =>
      HttpResponse.json({ data: importResult() }),
    );
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const wizard = await screen.findByRole('dialog', { name: 'Import costs from CSV' });
    const input = within(wizard).getByLabelText('1. CSV file');
    // A header of 51 columns (issue 32, finding 4): the server refuses it too.
    const wide = `${Array.from({ length: COST_IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(',')}\nx`;
    await user.upload(input, new File([wide], 'wide.csv', { type: 'text/csv' }));
    expect(await within(wizard).findByRole('alert')).toHaveTextContent(M.fileTooManyColumns);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(wizard).queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('imports a file: preview with a bad row, fixed in place, checked again, committed, then undone', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const batch = createBatch({ projectId: project.id, fileName: 'may.csv' });
    let checks = 0;
    const calls = answer('post', `/projects/${project.id}/costs/import`, ({ url }) => {
      if (url.searchParams.get('dryRun') === 'false') {
        return HttpResponse.json({ data: importResult({ dryRun: false, batch }) }, { status: 201 });
      }
      checks += 1;
      return HttpResponse.json({
        data:
          checks === 1
            ? importResult({
                validCount: 1,
                errorCount: 1,
                errors: [{ row: 2, field: 'date', message: DAY_IN_FILE_MESSAGE }],
                total: gbp(50000),
              })
            : importResult(),
      });
    });
    const unparse = vi.spyOn(Papa, 'unparse');
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const wizard = await screen.findByRole('dialog', { name: 'Import costs from CSV' });
    const csv =
      'date,category,description,amount\n2026-05-01,software,IDE,500\n2026-05-32,travel,Train,300\n';
    await user.upload(
      within(wizard).getByLabelText('1. CSV file'),
      new File([csv], 'may.csv', { type: 'text/csv' }),
    );
    await user.click(await within(wizard).findByRole('button', { name: 'Preview' }));
    expect(await within(wizard).findByText(/1 of 2 rows ready/)).toBeVisible();
    // A count of one and its words agree (issue 33, item 15: "1 rows have errors", "Import 1 costs").
    expect(within(wizard).getByText(/1 row has errors: fix them below/)).toBeVisible();
    expect(screen.getByText('Of 2 rows, 1 is ready and 1 has errors.')).toBeInTheDocument();
    expect(JSON.parse(String((calls[0]!.body as FormData).get('mapping')))).toEqual({
      date: 'date',
      category: 'category',
      description: 'description',
      amount: 'amount',
    });
    expect(within(wizard).getByRole('button', { name: 'Import 1 cost' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    const cell = within(wizard).getByLabelText(/Date of row 2/);
    expect(cell).toHaveValue('2026-05-32');
    await user.clear(cell);
    await user.type(cell, '2026-05-31');
    await user.click(within(wizard).getByRole('button', { name: 'Check again' }));
    expect(await within(wizard).findByText(/2 of 2 rows ready/)).toBeVisible();
    expect(within(wizard).getByRole('heading', { name: '3. Preview' })).toHaveFocus();
    await user.click(within(wizard).getByRole('button', { name: 'Import 2 costs' }));
    expect(await findToast('2 costs imported (£150.50).')).toBeVisible();
    expect(calls.map((call) => call.url.searchParams.get('dryRun'))).toEqual([
      'true',
      'true',
      'false',
    ]);
    // The rows are written back to CSV once read and once fixed, not on each check or the commit (the tests'
    // multipart parse cannot be trusted with the bytes sent: see testing/http.ts).
    expect(unparse.mock.results.map((result) => result.value)).toEqual([
      expect.stringContaining('2026-05-32,travel,Train,300'),
      expect.stringContaining('2026-05-31,travel,Train,300'),
    ]);

    // The last step says what was imported and offers to undo it at once.
    const done = await within(wizard).findByRole('heading', { name: 'Imported' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(within(wizard).getByText('may.csv: 2 costs, total £150.50.')).toBeVisible();
    const undone = answer('delete', `/import-batches/${batch.id}`, () =>
      HttpResponse.json({ data: { ...batch, undoneAt: '2026-05-31T10:00:00.000Z' } }),
    );
    await user.click(within(wizard).getByRole('button', { name: 'Undo import of may.csv' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Undo import' });
    await user.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    expect(await findToast('The import has been undone.')).toBeVisible();
    expect(undone).toHaveLength(1);
    expect(within(wizard).getByRole('heading', { name: 'Import undone' })).toBeVisible();
    await user.click(within(wizard).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(wizard).not.toBeInTheDocument());
  });
});
