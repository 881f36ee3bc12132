import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { createProject, detailOf, importResult, serveProject } from '../testing/budgeting-api.js';

const FINANCE = createUser({ position: 'finance' });

describe('import costs: columns', () => {
  it('maps the columns by the shared rule: the wizard’s labels, any case, and synonyms', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    const calls = answer('post', `/projects/${project.id}/costs/import`, () =>
      HttpResponse.json({ data: importResult() }),
    );
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const wizard = await screen.findByRole('dialog', { name: 'Import costs from CSV' });
    const csv =
      'DATE,Category,Description,Cost,Person (email),Hrs\n2026-05-01,software,IDE,500,,\n';
    await user.upload(
      within(wizard).getByLabelText('1. CSV file'),
      new File([csv], 'may.csv', { type: 'text/csv' }),
    );
    await user.click(await within(wizard).findByRole('button', { name: 'Preview' }));
    await within(wizard).findByText(/rows ready/);
    expect(JSON.parse(String((calls[0]!.body as FormData).get('mapping')))).toEqual({
      date: 'DATE',
      category: 'Category',
      description: 'Description',
      amount: 'Cost',
      person: 'Person (email)',
      hours: 'Hrs',
    });
  });
});
