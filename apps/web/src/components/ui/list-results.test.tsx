import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table.js';
import { ListResults } from './list-results.js';

interface Person {
  id: string;
  name: string;
}

const PEOPLE: Person[] = [
  { id: 'a', name: 'Ada' },
  { id: 'b', name: 'Ben' },
];

/** A list's results as a screen shows them: `people` once the query has answered, else none. */
function PeopleResults({ people, held }: { people?: Person[]; held: Promise<void> }) {
  // A cell that waits: the rows' render is held until `held` settles, as a slow render would be.
  function Held() {
    use(held);
    return null;
  }
  const query = {
    data: people && {
      meta: { currentPage: 1, itemsPerPage: 20, totalItems: people.length, totalPages: 1 },
    },
    isFetching: false,
    isPlaceholderData: false,
    isError: false,
    error: null,
    refetch: () => {},
  };
  return (
    <Suspense fallback={<p>Suspended</p>}>
      <ListResults
        itemNames={['person', 'people']}
        query={query}
        list={{ params: { page: 1, limitPerPage: 20 }, update: () => {} }}
        what="people"
        note={<p>A note under the table</p>}
      >
        <DataTable
          caption="People"
          columns={[
            { header: 'Name', cell: (person) => person.name, rowHeader: true },
            { header: 'Held', cell: () => <Held /> },
          ]}
          rows={people ?? []}
          minWidth="min-w-[400px]"
          loading={!people && 'Loading people…'}
        />
      </ListResults>
    </Suspense>
  );
}

describe('ListResults', () => {
  it('shows the pages and the note under the table once its first rows are drawn, not before', async () => {
    let draw = () => {};
    const held = new Promise<void>((resolve) => (draw = resolve));
    const { rerender } = render(<PeopleResults held={held} />);
    await act(async () => rerender(<PeopleResults people={PEOPLE} held={held} />));
    // The rows are drawn at a lower priority: what is under them waits, or they would push it down.
    expect(screen.getByText('Loading people…')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByText('A note under the table')).not.toBeInTheDocument();

    await act(async () => draw());
    expect(await screen.findByRole('rowheader', { name: 'Ada' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    expect(screen.getByText('A note under the table')).toBeVisible();
  });

  it('shows the pages with the empty row at once when nothing matches', async () => {
    const { rerender } = render(<PeopleResults held={Promise.resolve()} />);
    await act(async () => rerender(<PeopleResults people={[]} held={Promise.resolve()} />));
    expect(screen.getByText('No people found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  });
});
