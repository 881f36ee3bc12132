import { BUDGETING_MESSAGES as M } from '@staff-admin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { createCost, createProject, detailOf, serveProject } from '../testing/budgeting-api.js';
import { WES } from '../testing/detail-builders.js';

const FINANCE = createUser({ position: 'finance' });
const gbp = (amount: number) => ({ amount, currency: 'GBP' });

async function openAddCost(projectId: string) {
  const view = renderApp(`/financial/projects/${projectId}`, { user: FINANCE });
  await view.user.click(await screen.findByRole('button', { name: 'Add cost' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Add cost' }) };
}

describe('costs: add, edit, delete', () => {
  it('adds labour as a person’s hours and leaves the amount to the server', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const calls = answer('post', `/projects/${project.id}/costs`, () =>
      HttpResponse.json(
        {
          data: createCost({
            category: 'labour',
            person: WES,
            hours: 7.5,
            rate: gbp(4500),
            amount: gbp(33750),
          }),
        },
        { status: 201 },
      ),
    );
    const { user, dialog } = await openAddCost(project.id);
    expect(within(dialog).getByLabelText('Amount (GBP)')).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Labour' }));
    expect(within(dialog).queryByLabelText('Amount (GBP)')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Date'), '2026-05-11');
    await user.type(within(dialog).getByLabelText('Description'), 'Design review');
    await user.click(within(dialog).getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: /Wes Worker/ }));
    await user.type(within(dialog).getByLabelText('Hours'), '7.5');
    expect(within(dialog).getByLabelText('Hours')).toHaveAccessibleDescription(
      "Priced at the person's cost rate on that day.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add cost' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      date: '2026-05-11',
      description: 'Design review',
      category: 'labour',
      userId: WES.id,
      hours: 7.5,
    });
    expect(await findToast('The cost has been added.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Add cost' })).not.toBeInTheDocument();
  });

  it('asks for the person and the hours of labour before sending anything', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const calls = answer('post', `/projects/${project.id}/costs`);
    const { user, dialog } = await openAddCost(project.id);
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Labour' }));
    await user.type(within(dialog).getByLabelText('Date'), '2026-05-11');
    await user.type(within(dialog).getByLabelText('Description'), 'Design review');
    await user.type(within(dialog).getByLabelText('Hours'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add cost' }));
    expect(await within(dialog).findByText(M.personRequired)).toBeVisible();
    expect(within(dialog).getByLabelText('Hours')).toHaveAccessibleDescription(
      expect.stringContaining(M.hoursInvalid) as string,
    );
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s reason when a person has no rate that day', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    answer('post', `/projects/${project.id}/costs`, () =>
      apiError(400, 'Please check the highlighted fields.', { userId: M.noRate }),
    );
    const { user, dialog } = await openAddCost(project.id);
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Labour' }));
    await user.type(within(dialog).getByLabelText('Date'), '2026-05-11');
    await user.type(within(dialog).getByLabelText('Description'), 'Design review');
    await user.click(within(dialog).getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: /Wes Worker/ }));
    await user.type(within(dialog).getByLabelText('Hours'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add cost' }));
    expect(await within(dialog).findByText(M.noRate)).toBeVisible();
  });

  it('says at the date, not in a toast behind the dialog, a month closed since it opened', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const calls = answer('post', `/projects/${project.id}/costs`, () =>
      apiError(409, M.monthClosed),
    );
    const { user, dialog } = await openAddCost(project.id);
    const date = within(dialog).getByLabelText('Date');
    await user.type(date, '2026-03-10');
    await user.type(within(dialog).getByLabelText('Description'), 'Late invoice');
    await user.type(within(dialog).getByLabelText('Amount (GBP)'), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Add cost' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveAccessibleDescription(new RegExp(M.monthClosed));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(M.monthClosed, { selector: '[data-sonner-toast] *' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add cost' })).toBeVisible();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Late invoice');
  });

  it('edits a labour cost with its person and hours filled in', async () => {
    const project = createProject();
    const cost = createCost({
      description: 'Design review',
      category: 'labour',
      person: WES,
      hours: 7.5,
      rate: gbp(4500),
      amount: gbp(33750),
    });
    serveProject(detailOf(project), [cost]);
    const calls = answer('patch', `/costs/${cost.id}`, () => HttpResponse.json({ data: cost }));
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    expect(await screen.findByRole('cell', { name: 'Wes Worker, 7.5 h at £45.00' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit Design review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit cost' });
    expect(within(dialog).getByRole('combobox', { name: 'Person' })).toHaveTextContent(
      /Wes Worker/,
    );
    const hours = within(dialog).getByLabelText('Hours');
    expect(hours).toHaveValue('7.5');
    await user.clear(hours);
    await user.type(hours, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save cost' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      date: '2026-05-10',
      description: 'Design review',
      category: 'labour',
      userId: WES.id,
      hours: 8,
    });
    expect(await findToast('The cost has been changed.')).toBeVisible();
  });

  it('deletes a cost after a destructive confirm', async () => {
    const project = createProject();
    const cost = createCost({ description: 'Monitors', amount: gbp(125050) });
    serveProject(detailOf(project), [cost]);
    const calls = answer(
      'delete',
      `/costs/${cost.id}`,
      () => new HttpResponse(null, { status: 204 }),
    );
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Delete Monitors' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete cost' });
    expect(confirm).toHaveAccessibleDescription('Delete "Monitors" of 10/05/2026 (£1,250.50)?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Monitors' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete cost' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await findToast('The cost has been deleted.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
