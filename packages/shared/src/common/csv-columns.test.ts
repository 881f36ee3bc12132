import { describe, expect, it } from 'vitest';
import { COST_IMPORT_COLUMNS } from '../budgeting/constants.js';
import { INVITE_CSV_COLUMNS, positionFromName, USER_EXPORT_COLUMNS } from '../users/csv.js';
import { columnKey, matchColumns } from './csv-columns.js';

describe('CSV column names', () => {
  it('compares names without case, spaces, underscores, hyphens, dots or a byte order mark', () => {
    for (const name of ['fullName', 'Full name', 'full_name', ' FULL-NAME ', '\uFEFFFull.Name']) {
      expect(columnKey(name)).toBe('fullname');
    }
  });

  it('reads the headings people write, and the user export’s own, as the invitation columns', () => {
    expect(matchColumns(['Name', 'Email', 'Role'], INVITE_CSV_COLUMNS)).toEqual({
      fullName: 0,
      email: 1,
      position: 2,
    });
    expect(matchColumns([...USER_EXPORT_COLUMNS], INVITE_CSV_COLUMNS)).toEqual({
      fullName: 0,
      email: 1,
      position: 2,
    });
    expect(matchColumns(['E-mail', 'POSITION'], INVITE_CSV_COLUMNS)).toEqual({
      email: 0,
      position: 1,
    });
  });

  it('prefers a column named like the field to a synonym, and gives a column to one field', () => {
    expect(matchColumns(['Email', 'Person', 'Cost', 'Amount'], COST_IMPORT_COLUMNS)).toEqual({
      person: 1,
      amount: 3,
    });
    // "Email" is a synonym of both: the first field to ask for it takes it.
    expect(
      matchColumns(['Email'], { first: ['mail', 'email'], second: ['email'] } as const),
    ).toEqual({ first: 0 });
  });

  it('reads the cost wizard’s labels and the cost export’s headings as cost columns', () => {
    expect(
      matchColumns(
        ['Date', 'Category', 'Description', 'Amount', 'Currency', 'Person (email)', 'Hours'],
        COST_IMPORT_COLUMNS,
      ),
    ).toEqual({
      date: 0,
      category: 1,
      description: 2,
      amount: 3,
      currency: 4,
      person: 5,
      hours: 6,
    });
  });

  it('reads a role by its value or the name the site shows, in any case or spacing', () => {
    expect(positionFromName('project_manager')).toBe('project_manager');
    expect(positionFromName('Project manager')).toBe('project_manager');
    expect(positionFromName(' PROJECT MANAGER ')).toBe('project_manager');
    expect(positionFromName('project-owner')).toBe('project_owner');
    expect(positionFromName('Admin')).toBe('admin');
    expect(positionFromName('wizard')).toBeNull();
    expect(positionFromName('')).toBeNull();
  });
});
