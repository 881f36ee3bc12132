import {
  COST_CATEGORY_LABELS,
  EMPTY_VALUE,
  formatDateText,
  formatMoney,
  type CostEntry,
} from '@staff-admin/shared';
import clsx from 'clsx';
import { LockIcon } from 'lucide-react';
import type { ReactNode, RefCallback } from 'react';
import { Button } from '../../../components/ui/button.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import {
  REMOVABLE_ROW_CLASS,
  REMOVABLE_ROWS_CAPTION_CLASS,
  removableRowProps,
} from '../../../components/ui/use-removed-row-focus.js';
import { useIsInClosedMonth } from '../api/closed-months.js';
import { personName } from '../utils/person-name.js';
import { monthLabel } from './closed-months.js';

const COLUMNS = ['Date', 'Category', 'Description', 'Person', 'Amount', 'Actions'];

interface CostsTableProps {
  costs: CostEntry[];
  /** Said in the table's one row when there are no costs. */
  empty: ReactNode;
  onEdit: (cost: CostEntry) => void;
  onDelete: (cost: CostEntry) => void;
  /** RemovedRowFocus's `attach`: a deleted cost hands focus to its neighbour. */
  tableRef: RefCallback<HTMLTableElement>;
}

/**
 * A page of a project's costs. A cost in a closed month shows a lock instead of Edit and Delete:
 * it cannot change until an admin reopens the month (Budgeting › Closed months).
 */
export function CostsTable({ costs, empty, onEdit, onDelete, tableRef }: CostsTableProps) {
  const isInClosedMonth = useIsInClosedMonth();
  return (
    <TableScroll label="Costs table">
      <table ref={tableRef} className="w-full min-w-[760px] text-left text-sm">
        <caption className={REMOVABLE_ROWS_CAPTION_CLASS}>Costs</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={clsx('px-4 py-2', column === 'Amount' && 'text-right')}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {costs.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="px-4 py-8 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            costs.map((cost) => (
              <tr
                key={cost.id}
                {...removableRowProps(cost.id)}
                className={clsx('border-b border-slate-100 last:border-none', REMOVABLE_ROW_CLASS)}
              >
                <td className="px-4 py-2 whitespace-nowrap">{formatDateText(cost.date)}</td>
                <td className="px-4 py-2">{COST_CATEGORY_LABELS[cost.category]}</td>
                <td className="px-4 py-2">{cost.description}</td>
                <td className="px-4 py-2">
                  {cost.person
                    ? `${personName(cost.person)}, ${cost.hours} h at ${cost.rate ? formatMoney(cost.rate) : EMPTY_VALUE}`
                    : EMPTY_VALUE}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{formatMoney(cost.amount)}</td>
                <td className="px-4 py-2">
                  {isInClosedMonth(cost.date) ? (
                    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-slate-700">
                      <LockIcon aria-hidden="true" />
                      {monthLabel(cost.date.slice(0, 7))} closed
                    </span>
                  ) : (
                    <div className="flex gap-2">
                      <Button size="small" variant="secondary" onClick={() => onEdit(cost)}>
                        Edit {cost.description}
                      </Button>
                      <Button size="small" variant="secondary" onClick={() => onDelete(cost)}>
                        Delete {cost.description}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
