import type { SortDirection } from '@staff-admin/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, use, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './data-table.js';
import { listTableProps } from './list-table-state.js';
import { useRemovedRowFocus } from './use-removed-row-focus.js';

interface Person {
  id: string;
  name: string;
  age: number;
}

const PEOPLE: Person[] = [
  { id: 'a', name: 'Ada', age: 36 },
  { id: 'b', name: 'Ben', age: 41 },
  { id: 'c', name: 'Cy', age: 29 },
];

type PersonSort = 'name' | 'age';

const COLUMNS: Column<Person, PersonSort>[] = [
  { header: 'Name', cell: (person) => person.name, sort: 'name', rowHeader: true },
  { header: 'Age', cell: (person) => person.age, sort: 'age', numeric: true },
  {
    header: 'Actions',
    cell: (person) => (
      <>
        <a href={`#${person.id}`}>Open {person.name}</a>
        <button type="button">Email {person.name}</button>
      </>
    ),
  },
];

type TableProps = Parameters<typeof DataTable<Person, PersonSort>>[0];
/** The people table, as `overrides` change it. */
const peopleTable = (overrides: Partial<TableProps> = {}) => (
  <DataTable<Person, PersonSort>
    caption="People"
    columns={COLUMNS}
    rows={PEOPLE}
    minWidth="min-w-[400px]"
    {...overrides}
  />
);

/** The table with the list's own sort state, as a list screen keeps it. */
function SortedTable({ onSort }: { onSort: (column: PersonSort) => void }) {
  const [sort, setSort] = useState<{ by: PersonSort; direction: SortDirection }>({
    by: 'name',
    direction: 'ASC',
  });
  return peopleTable({
    sort: {
      ...sort,
      onSort: (column) => {
        onSort(column);
        setSort((current) => ({
          by: column,
          direction: current.by === column && current.direction === 'ASC' ? 'DESC' : 'ASC',
        }));
      },
    },
  });
}

/** The table with rows that can be ticked, as the users list has them. */
function SelectableTable({ onRowClick }: { onRowClick?: (person: Person) => void }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return peopleTable({
    onRowClick,
    selection: {
      isSelected: (person) => selected.has(person.id),
      onChange: (rows, on) =>
        setSelected((current) => {
          const next = new Set(current);
          for (const row of rows) {
            if (on) next.add(row.id);
            else next.delete(row.id);
          }
          return next;
        }),
      pageLabel: 'Select every person on this page',
      rowLabel: (person) => `Select ${person.name}`,
    },
  });
}

/** The people table keeping focus when a row goes, which marks each row with its key. */
function KeyedTable(overrides: Partial<TableProps>) {
  return peopleTable({ rowFocus: useRemovedRowFocus(), ...overrides });
}

const headerCell = (name: string) => screen.getByRole('columnheader', { name });

describe('DataTable', () => {
  it('names the table by its caption, shown only when asked', () => {
    const { rerender } = render(peopleTable());
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByText('People', { selector: 'caption' })).toHaveClass('sr-only');

    rerender(peopleTable({ showCaption: true }));
    expect(screen.getByText('People', { selector: 'caption' })).not.toHaveClass('sr-only');
  });

  it('names each row by its rowHeader cell and right-aligns numeric columns', () => {
    render(peopleTable());
    const rowHeaders = screen.getAllByRole('rowheader');
    expect(rowHeaders.map((cell) => cell.textContent)).toEqual(['Ada', 'Ben', 'Cy']);
    expect(rowHeaders[0]).toHaveAttribute('scope', 'row');
    const ada = screen.getByRole('row', { name: /Ada/ });
    expect(within(ada).getByRole('cell', { name: '36' })).toHaveClass('text-right');
    // A column without `sort` is a plain heading.
    expect(within(headerCell('Actions')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sorts from the headings, and says the column and direction with aria-sort', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(<SortedTable onSort={onSort} />);

    expect(headerCell('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(headerCell('Age')).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith('name');
    expect(headerCell('Name')).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Age' }));
    expect(onSort).toHaveBeenLastCalledWith('age');
    expect(headerCell('Age')).toHaveAttribute('aria-sort', 'ascending');
    expect(headerCell('Name')).not.toHaveAttribute('aria-sort');
  });

  it('ticks rows one by one, and the page checkbox is mixed until all or none are', async () => {
    const user = userEvent.setup();
    render(<SelectableTable />);
    const page = screen.getByRole('checkbox', { name: 'Select every person on this page' });
    expect(page).not.toBeChecked();
    expect(page).not.toBePartiallyChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select Ben' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ben' })).toBeChecked();
    expect(page).toBePartiallyChecked();
    expect(screen.getByRole('row', { name: /Ben/ })).toHaveClass('bg-blue-50');

    await user.click(page);
    expect(page).toBeChecked();
    expect(page).not.toBePartiallyChecked();
    for (const name of ['Ada', 'Ben', 'Cy']) {
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    }

    await user.click(page);
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('ticks a row on a click beside its checkbox, and opens it on a click elsewhere in it', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(<SelectableTable onRowClick={onRowClick} />);
    const cy = screen.getByRole('row', { name: /Cy/ });
    const checkbox = within(cy).getByRole('checkbox', { name: 'Select Cy' });

    // The checkbox's cell, beside the box: a bigger target.
    await user.click(checkbox.closest('td')!);
    expect(checkbox).toBeChecked();
    expect(onRowClick).not.toHaveBeenCalled();

    await user.click(within(cy).getByRole('cell', { name: '29' }));
    expect(onRowClick).toHaveBeenCalledExactlyOnceWith(PEOPLE[2]);
    expect(checkbox).toBeChecked();
  });

  it('leaves a click on a link or a button in a row to that control', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(peopleTable({ onRowClick }));
    await user.click(screen.getByRole('link', { name: 'Open Ada' }));
    await user.click(screen.getByRole('button', { name: 'Email Ada' }));
    expect(onRowClick).not.toHaveBeenCalled();

    await user.click(screen.getByRole('rowheader', { name: 'Ada' }));
    expect(onRowClick).toHaveBeenCalledExactlyOnceWith(PEOPLE[0]);
  });

  it('shows a spinner in place of the rows while the first page loads', () => {
    render(
      peopleTable({
        rows: [],
        loading: 'Loading people…',
        selection: {
          isSelected: () => false,
          onChange: () => {},
          pageLabel: 'Select every person on this page',
          rowLabel: (person) => `Select ${person.name}`,
        },
      }),
    );
    const cell = within(screen.getByRole('table')).getByText('Loading people…').closest('td');
    // One cell across the checkbox column and the three others.
    expect(cell).toHaveAttribute('colspan', '4');
    expect(
      screen.getByRole('checkbox', { name: 'Select every person on this page' }),
    ).toBeDisabled();
    expect(screen.queryByRole('rowheader')).not.toBeInTheDocument();
  });

  it('keeps the spinner, not the empty row nor the totals, until the first rows are drawn', async () => {
    // A cell that waits: the rows' render is held until `draw()`, as a slow render would be.
    let draw = () => {};
    const drawn = new Promise<void>((resolve) => (draw = resolve));
    function Held() {
      use(drawn);
      return null;
    }
    const table = (rows: Person[], loading: string | false) => (
      <Suspense fallback={<p>Suspended</p>}>
        {peopleTable({
          rows,
          loading,
          columns: [...COLUMNS, { header: 'Held', cell: () => <Held /> }],
          empty: 'No people.',
          footer: (
            <tr>
              <td>Totals</td>
            </tr>
          ),
        })}
      </Suspense>
    );
    const { rerender } = render(table([], 'Loading people…'));
    await act(async () => rerender(table(PEOPLE, false)));
    // The first rows are drawn at a lower priority: the spinner stays up meanwhile.
    expect(screen.getByText('Loading people…')).toBeVisible();
    expect(screen.queryByText('No people.')).not.toBeInTheDocument();
    expect(screen.queryByText('Totals')).not.toBeInTheDocument();
    expect(screen.queryByText('Suspended')).not.toBeInTheDocument();

    await act(async () => draw());
    expect(await screen.findByRole('rowheader', { name: 'Ada' })).toBeVisible();
    expect(screen.getByText('Totals')).toBeVisible();
    expect(screen.queryByText('Loading people…')).not.toBeInTheDocument();
  });

  it('says so in one row when there are no rows, with the title above the text', () => {
    render(peopleTable({ rows: [], emptyTitle: 'No people found', empty: 'Try another search.' }));
    const cell = screen.getByText('No people found').closest('td');
    expect(cell).toHaveAttribute('colspan', '3');
    expect(screen.getByText('No people found')).toHaveClass('font-semibold');
    expect(cell).toContainElement(screen.getByText('Try another search.'));
  });

  it('dims the rows and marks the table busy while another page loads', () => {
    render(peopleTable({ isFetching: true }));
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table.querySelector('tbody')).toHaveClass('opacity-60');
  });

  it('keys each row by its id, or by rowKey when the table gives one', () => {
    const keys = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.dataset.rowKey);
    const { rerender } = render(<KeyedTable />);
    expect(keys()).toEqual(['a', 'b', 'c']);

    rerender(<KeyedTable rowKey={(person) => person.name} />);
    expect(keys()).toEqual(['Ada', 'Ben', 'Cy']);
  });
});

describe('listTableProps', () => {
  const state = (isPending: boolean) =>
    listTableProps<PersonSort>(
      { query: { isPending, isFetching: true }, empty: 'None' },
      'Loading people…',
    );

  it('shows the spinner until the query first answers, then dims the rows while it loads', () => {
    const { rerender } = render(peopleTable(state(true)));
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByText('Loading people…')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-busy', 'true');

    rerender(peopleTable(state(false)));
    expect(within(table).queryByText('Loading people…')).not.toBeInTheDocument();
    expect(table.querySelector('tbody')).toHaveClass('opacity-60');
    expect(screen.getByRole('rowheader', { name: 'Ada' })).toBeInTheDocument();
  });
});
