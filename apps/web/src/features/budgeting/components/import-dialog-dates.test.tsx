import { DAY_IN_FILE_MESSAGE } from '@staff-admin/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { createProject, detailOf, importResult, serveProject } from '../testing/budgeting-api.js';

const FINANCE = createUser({ position: 'finance' });
const gbp = (amount: number) => ({ amount, currency: 'GBP' });

describe('import costs: dates', () => {
  it('takes a UK sheet’s dd/mm/yyyy, says both forms, and shows the preview’s days as dd/mm/yyyy', async () => {
    const project = createProject();
    serveProject(detailOf(project));
    // The server reads the file's days: 27/05/2026 as the ISO day it keeps, and it refuses a
    // month-first 05/13/2026 (a 13th month) naming both forms.
    const calls = answer('post', `/projects/${project.id}/costs/import`, () =>
      HttpResponse.json({
        data: importResult({
          rowCount: 2,
          validCount: 1,
          errorCount: 1,
          errors: [{ row: 2, field: 'date', message: DAY_IN_FILE_MESSAGE }],
          total: gbp(50000),
          preview: [
            {
              row: 1,
              date: '2026-05-27',
              category: 'software',
              description: 'IDE',
              amount: gbp(50000),
              person: null,
              hours: null,
            },
          ],
        }),
      }),
    );
    const { user } = renderApp(`/financial/projects/${project.id}`, { user: FINANCE });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const wizard = await screen.findByRole('dialog', { name: 'Import costs from CSV' });
    expect(wizard).toHaveAccessibleDescription(
      `Costs in ${project.currency}; dates as dd/mm/yyyy or YYYY-MM-DD.`,
    );
    const csv =
      'date,category,description,amount\n27/05/2026,software,IDE,500\n05/13/2026,travel,Train,300\n';
    await user.upload(
      within(wizard).getByLabelText('1. CSV file'),
      new File([csv], 'may.csv', { type: 'text/csv' }),
    );
    await user.click(await within(wizard).findByRole('button', { name: 'Preview' }));
    await within(wizard).findByText(/1 of 2 rows ready/);
    expect(calls).toHaveLength(1);

    const rows = within(within(wizard).getByRole('table', { name: 'Rows to import' }));
    expect(rows.getAllByRole('row')[1]).toHaveTextContent(/^127\/05\/2026Software/);
    const cell = within(wizard).getByLabelText(/Date of row 2/);
    expect(cell).toHaveValue('05/13/2026');
    expect(within(wizard).getByText(DAY_IN_FILE_MESSAGE)).toBeVisible();
  });
});
