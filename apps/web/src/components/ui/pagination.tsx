import { countLabel, type PluralForms } from '@staff-admin/shared';
import { useEffect, useRef } from 'react';
import { Button } from './button.js';
import { Dropdown } from './dropdown.js';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';

interface PaginationProps {
  page: number;
  totalPages: number;
  totalItems: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** What is counted, singular and plural: ['user', 'users']. */
  itemNames: PluralForms;
  /** The server stopped counting at `totalItems`: more match than it says. */
  totalItemsCapped?: boolean;
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
  totalItemsCapped = false,
}: PaginationProps) {
  const lastPage = Math.max(totalPages, 1);
  const navRef = useRef<HTMLElement>(null);
  // A new page or page size changes the rows above, and with them where this bar is: the
  // control that has focus (Next, Rows per page) is kept in view (WCAG 2.4.11).
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && navRef.current?.contains(focused)) {
      focused.scrollIntoView({ block: 'nearest' });
    }
  });
  return (
    <nav
      ref={navRef}
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 px-4 py-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Dropdown
          label="Rows per page"
          inline
          options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(pageSize)}
          onChange={(size) => onPageSizeChange(Number(size))}
        />
        <p className="text-sm text-slate-600">
          {countLabel(totalItems, itemNames, totalItemsCapped)}
        </p>
      </div>
      {/* Each half wraps too: in a card at 320px (Directory's sync log) the buttons would not fit. */}
      <div className="flex flex-wrap items-center gap-3">
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
