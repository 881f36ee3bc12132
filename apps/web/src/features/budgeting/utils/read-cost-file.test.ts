import {
  BUDGETING_MESSAGES as M,
  COST_IMPORT_MAX_BYTES,
  COST_IMPORT_MAX_COLUMNS,
  COST_IMPORT_MAX_ROW_LENGTH,
  COST_IMPORT_MAX_ROWS,
} from '@staff-admin/shared';
import { describe, expect, it } from 'vitest';
import { readCostFile } from './read-cost-file.js';

const HEADER = 'date,category,description,amount';
const csv = (text: string, name = 'costs.csv') => new File([text], name, { type: 'text/csv' });

describe('readCostFile', () => {
  it('keeps the header and each row as long as it, without blank rows or lines of spaces', async () => {
    const text = [
      HEADER,
      '2026-05-01,other,"Desk, standing",300',
      '   ',
      ',,,',
      '2026-05-02,travel',
      '2026-05-03,other,X,1,extra',
    ].join('\r\n');
    expect(await readCostFile(csv(text))).toEqual({
      headers: ['date', 'category', 'description', 'amount'],
      rows: [
        ['2026-05-01', 'other', 'Desk, standing', '300'],
        ['2026-05-02', 'travel', '', ''],
        ['2026-05-03', 'other', 'X', '1'],
      ],
    });
  });

  it('refuses what is not a CSV file, or is too large, or has no rows', async () => {
    expect(await readCostFile(csv(HEADER, 'costs.xlsx'))).toEqual({ error: M.fileNotCsv });
    const big = csv('x'.repeat(COST_IMPORT_MAX_BYTES + 1));
    expect(await readCostFile(big)).toEqual({ error: M.fileTooLarge });
    expect(await readCostFile(csv(`${HEADER}\n,,,\n\n`))).toEqual({ error: M.fileEmpty });
  });

  // The server's limits (issue 32, finding 4), so the site refuses what the server would.
  it('takes up to the column limit and refuses one more, in the header or a row', async () => {
    const cells = (count: number) => Array.from({ length: count }, (_, i) => `c${i}`).join(',');
    const wide = await readCostFile(
      csv(`${cells(COST_IMPORT_MAX_COLUMNS)}\n${cells(COST_IMPORT_MAX_COLUMNS)}`),
    );
    expect(wide).toMatchObject({ rows: [expect.any(Array)] });
    expect(await readCostFile(csv(`${cells(COST_IMPORT_MAX_COLUMNS + 1)}\nx`))).toEqual({
      error: M.fileTooManyColumns,
    });
    expect(await readCostFile(csv(`${HEADER}\n${cells(COST_IMPORT_MAX_COLUMNS + 1)}`))).toEqual({
      error: M.fileTooManyColumns,
    });
    expect(await readCostFile(csv(`${HEADER}\n${','.repeat(1_000_000)}`))).toEqual({
      error: M.fileTooManyColumns,
    });
  });

  it('takes rows up to the length limit and refuses one character more', async () => {
    // The row's cells: 16 characters besides the description.
    const row = (length: number) => `2026-05-01,other,${'d'.repeat(length - 16)},1`;
    expect(await readCostFile(csv(`${HEADER}\n${row(COST_IMPORT_MAX_ROW_LENGTH)}`))).toMatchObject({
      rows: [expect.any(Array)],
    });
    expect(await readCostFile(csv(`${HEADER}\n${row(COST_IMPORT_MAX_ROW_LENGTH + 1)}`))).toEqual({
      error: M.fileRowTooLong,
    });
  });

  it('takes up to the row limit, blank rows counted, and refuses one more', async () => {
    const rows = (count: number) => `${HEADER}\n,,,\n${'2026-05-01,other,X,1\n'.repeat(count - 1)}`;
    const full = await readCostFile(csv(rows(COST_IMPORT_MAX_ROWS)));
    expect(full).toMatchObject({ headers: expect.any(Array) });
    expect('rows' in full && full.rows).toHaveLength(COST_IMPORT_MAX_ROWS - 1);
    expect(await readCostFile(csv(rows(COST_IMPORT_MAX_ROWS + 1)))).toEqual({
      error: M.fileTooManyRows,
    });
  });
});
