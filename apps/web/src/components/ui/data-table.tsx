import type { SortDirection } from '@staff-admin/shared';
import clsx from 'clsx';
import { useDeferredValue, type MouseEvent, type ReactNode } from 'react';
import { SortableHeader } from './sortable-header.js';
import { Spinner } from './spinner.js';
import { TableScroll } from './table-scroll.js';
import {
  REMOVABLE_ROW_CLASS,
  REMOVABLE_ROWS_CAPTION_CLASS,
  removableRowProps,
  type RemovedRowFocus,
} from './use-removed-row-focus.js';

export interface Column<Row, S extends string = never> {
  /** The column's heading; also its sort button's name. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The sort this column applies: its heading is a button that sorts by it. */
  sort?: S;
  /** Amounts and counts: right-aligned, in figures of one width. */
  numeric?: boolean;
  /** The cell names its row (`<th scope="row">`): a table without a link or control per row. */
  rowHeader?: boolean;
  /** Added to the column's cells (`font-medium text-slate-900`, `whitespace-nowrap`). */
  className?: string;
}

export interface TableSort<S extends string> {
  by: S;
  direction: SortDirection;
  /** A sortable heading was pressed: the list decides the direction. */
  onSort: (column: S) => void;
}

/** A checkbox before each row, and one in the heading for the page, for bulk actions. */
export interface RowSelection<Row> {
  isSelected: (row: Row) => boolean;
  onChange: (rows: readonly Row[], selected: boolean) => void;
  /** The page checkbox's name: "Select every user on this page". */
  pageLabel: string;
  /** A row checkbox's name: "Select Jane Doe". */
  rowLabel: (row: Row) => string;
  /** The page checkbox's id: where focus goes when the toolbar it served is gone. */
  pageId?: string;
}

/** A row's React key: a record's `id` unless the table says otherwise. */
type RowKey<Row> = Row extends { id: string }
  ? { rowKey?: (row: Row) => string }
  : { rowKey: (row: Row) => string };

const idOf = (row: unknown) => (row as { id: string }).id;

type DataTableProps<Row, S extends string> = TableProps<Row, S> & RowKey<Row>;

interface TableProps<Row, S extends string> {
  /** The table's name, read by screen readers; its scroller is "<caption> table". */
  caption: string;
  /** Shows the caption as the table's title too. */
  showCaption?: boolean;
  columns: readonly Column<Row, S>[];
  rows: readonly Row[];
  /** The width under which the table scrolls sideways rather than squeeze: `min-w-[900px]`. */
  minWidth: string;
  sort?: TableSort<S>;
  selection?: RowSelection<Row>;
  /** Nothing to show yet: a spinner with this text takes the rows' place. */
  loading?: string | false;
  /** Another page is loading while this one is shown: the rows dim and the table is busy. */
  isFetching?: boolean;
  /** Said in the one row of a table without rows; `emptyTitle` above it in bold. */
  empty?: ReactNode;
  emptyTitle?: string;
  /**
   * Rows that can go (deleted, filtered out, unlocked) hand focus to their neighbour, else the
   * caption (docs/accessibility.md rule 24): `useRemovedRowFocus()`'s keeper.
   */
  rowFocus?: RemovedRowFocus;
  /** A click on the row but not on a control in it opens the record, for the mouse. */
  onRowClick?: (row: Row) => void;
  /** Rows under the table's body (`<tfoot>`): totals. */
  footer?: ReactNode;
  /** Rows of one line (`py-2`) rather than the roomier default. */
  compact?: boolean;
  /** Classes of the scroller around the table (a card's border). */
  className?: string;
}

const CHECKBOX_CLASS =
  'size-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/**
 * A table of records, from its columns: a caption, headings that sort (`aria-sort`), a checkbox
 * per row when rows can be selected, a spinner while the first page loads and a row saying so
 * when there is none, the sideways scroller (`TableScroll`), and focus handed on when a row goes.
 * The kit's one `<table>` for records (docs/accessibility.md rules 9, 15 and 24).
 */
export function DataTable<Row, S extends string = never>(props: DataTableProps<Row, S>) {
  const {
    caption,
    showCaption = false,
    columns,
    rows,
    minWidth,
    sort,
    selection,
    loading = false,
    isFetching,
    empty,
    emptyTitle,
    rowFocus,
    onRowClick,
    footer,
    compact = false,
    className,
  } = props;
  const rowKey = (props as { rowKey?: (row: Row) => string }).rowKey ?? idOf;
  // A list's first rows are drawn at a lower priority, in slices that leave the page free to
  // answer (a page of rows is the longest work of a list's first load): `loading` is let go of at
  // that priority, so its spinner stays up until they are drawn. Later changes (another page, a
  // row that goes) are drawn at once: focus follows them.
  const stillLoading = useDeferredValue(loading);
  const waiting = loading || (rows.length > 0 && stillLoading);
  const columnCount = columns.length + (selection ? 1 : 0);
  const cellPadding = compact ? 'px-4 py-2' : 'px-4 py-3';
  const onClick = (event: MouseEvent<HTMLTableRowElement>, row: Row) => {
    const target = event.target instanceof Element ? event.target : null;
    // Links, checkboxes and buttons do their own thing (a link opens new tabs on modified clicks).
    if (target?.closest('a, button, input, label')) return;
    // A click beside the checkbox, in its cell, ticks it: a bigger target for the mouse.
    if (selection && target?.closest('[data-select]')) {
      selection.onChange([row], !selection.isSelected(row));
    } else {
      onRowClick?.(row);
    }
  };

  return (
    <TableScroll label={`${caption} table`} className={className}>
      <table
        ref={rowFocus?.attach}
        className={clsx('w-full border-collapse text-left text-sm', minWidth)}
        aria-busy={isFetching}
      >
        <caption
          className={
            showCaption ? 'px-4 pt-3 text-left font-semibold' : REMOVABLE_ROWS_CAPTION_CLASS
          }
        >
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {selection && <PageCheckbox selection={selection} rows={rows} />}
            {columns.map((column) => (
              <SortableHeader
                key={column.header}
                label={column.header}
                sort={column.sort}
                sortBy={sort?.by}
                sortDirection={sort?.direction}
                onSort={sort?.onSort}
                className={column.numeric ? 'text-right' : undefined}
              />
            ))}
          </tr>
        </thead>
        <tbody className={clsx(isFetching && !waiting && 'opacity-60')}>
          {waiting || rows.length === 0 ? (
            <tr>
              <td
                colSpan={columnCount}
                className={clsx('px-4 text-center text-slate-700', compact ? 'py-8' : 'py-12')}
              >
                {waiting ? (
                  <Spinner text={waiting} />
                ) : (
                  <>
                    {emptyTitle && <p className="font-semibold">{emptyTitle}</p>}
                    {emptyTitle ? empty && <p className="mt-1 text-slate-600">{empty}</p> : empty}
                  </>
                )}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const selected = selection?.isSelected(row) ?? false;
              return (
                <tr
                  key={key}
                  {...(rowFocus && removableRowProps(key))}
                  onClick={onRowClick || selection ? (event) => onClick(event, row) : undefined}
                  className={clsx(
                    'border-b border-slate-100 last:border-none',
                    onRowClick && 'cursor-pointer',
                    selected ? 'bg-blue-50 hover:bg-blue-100' : onRowClick && 'hover:bg-slate-50',
                    rowFocus && REMOVABLE_ROW_CLASS,
                  )}
                >
                  {selection && (
                    <td
                      data-select=""
                      className={clsx('w-10 pr-2 pl-4', compact ? 'py-2' : 'py-3')}
                    >
                      <input
                        type="checkbox"
                        className={CHECKBOX_CLASS}
                        aria-label={selection.rowLabel(row)}
                        checked={selected}
                        onChange={(event) => selection.onChange([row], event.target.checked)}
                      />
                    </td>
                  )}
                  {columns.map((column) => {
                    const Cell = column.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={column.header}
                        {...(column.rowHeader && { scope: 'row' })}
                        className={clsx(
                          cellPadding,
                          column.rowHeader ? 'font-medium text-slate-900' : 'text-slate-700',
                          column.numeric && 'text-right tabular-nums',
                          column.className,
                        )}
                      >
                        {column.cell(row)}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
        {footer && !waiting && <tfoot>{footer}</tfoot>}
      </table>
    </TableScroll>
  );
}

/** The heading's checkbox: every row of the page, mixed while only some are ticked. */
function PageCheckbox<Row>({
  selection,
  rows,
}: {
  selection: RowSelection<Row>;
  rows: readonly Row[];
}) {
  const ticked = rows.filter(selection.isSelected).length;
  const all = rows.length > 0 && ticked === rows.length;
  return (
    // A cell, not a column heading: it names no column.
    <td className="w-10 py-2 pr-2 pl-4">
      <input
        id={selection.pageId}
        type="checkbox"
        className={CHECKBOX_CLASS}
        aria-label={selection.pageLabel}
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = ticked > 0 && !all;
        }}
        disabled={rows.length === 0}
        onChange={(event) => selection.onChange(rows, event.target.checked)}
      />
    </td>
  );
}
