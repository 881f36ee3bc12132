import { Button } from './button.js';
import { Dropdown } from './dropdown.js';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.js';

interface PaginationProps {
  page: number;
  totalPages: number;
  totalItems: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** What is counted, singular and plural: ['user', 'users']. */
  itemNames: readonly [string, string];
}

/** Previous and next page, where the list stands, and how many rows a page shows. */
export function Pagination({
  page,
  totalPages,
  totalItems,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  itemNames,
}: PaginationProps) {
  const lastPage = Math.max(totalPages, 1);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 px-4 py-3"
    >
      <div className="flex items-center gap-3">
        <Dropdown
          label="Rows per page"
          inline
          options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(pageSize)}
          onChange={(size) => onPageSizeChange(Number(size))}
        />
        <p className="text-sm text-slate-600">
          {totalItems} {totalItems === 1 ? itemNames[0] : itemNames[1]}
        </p>
      </div>
      <div className="flex items-center gap-3">
        {/* Not a live region: the list announces its result, page included (LiveStatus). */}
        <p className="text-sm text-slate-700">
          Page {Math.min(page, lastPage)} of {lastPage}
        </p>
        <Button
          variant="secondary"
          size="small"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
          Previous
        </Button>
        <Button
          variant="secondary"
          size="small"
          disabled={page >= lastPage}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
