import type { SortDirection } from '@staff-admin/shared';
import clsx from 'clsx';
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from 'lucide-react';

interface SortableHeaderProps<S extends string> {
  /** The column's name, also the sort button's accessible name. */
  label: string;
  /** The sort this column applies; without it (or `onSort`) the header is plain text. */
  sort?: S;
  /** The table's sort now. */
  sortBy?: S;
  sortDirection?: SortDirection;
  /** The button was pressed: the list decides the direction (toggle, or a column's first). */
  onSort?: (column: S) => void;
  /** Added to the cell's classes (`text-right`). */
  className?: string;
}

/**
 * A table's column header: a sortable column is a button that sorts by it, with an arrow for the
 * direction it is sorted in now (`aria-sort` on the cell says the same to a screen reader).
 */
export function SortableHeader<S extends string>({
  label,
  sort,
  sortBy,
  sortDirection,
  onSort,
  className,
}: SortableHeaderProps<S>) {
  const sorted = sort !== undefined && sort === sortBy;
  return (
    <th
      scope="col"
      aria-sort={sorted ? (sortDirection === 'ASC' ? 'ascending' : 'descending') : undefined}
      className={clsx('px-4 py-2 font-semibold whitespace-nowrap', className)}
    >
      {sort && onSort ? (
        <button
          type="button"
          onClick={() => onSort(sort)}
          className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {label}
          {!sorted ? (
            <ChevronsUpDownIcon className="text-slate-500" />
          ) : sortDirection === 'ASC' ? (
            <ArrowUpIcon />
          ) : (
            <ArrowDownIcon />
          )}
        </button>
      ) : (
        label
      )}
    </th>
  );
}
