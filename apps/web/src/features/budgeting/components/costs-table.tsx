import {
  COST_CATEGORY_LABELS,
  EMPTY_VALUE,
  formatDateText,
  formatMoney,
  type CostEntry,
} from '@staff-admin/shared';
import { LockIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { listTableProps, type ListTableState } from '../../../components/ui/list-table-state.js';
import { useIsInClosedMonth } from '../api/closed-months.js';
import { monthLabel } from '../utils/month-label.js';
import { personName } from '../utils/person-name.js';

interface CostsTableProps {
  costs: CostEntry[];
  /** Its `empty` is said in the table's one row; a deleted cost hands focus to its neighbour. */
  state: ListTableState;
  onEdit: (cost: CostEntry) => void;
  onDelete: (cost: CostEntry) => void;
}

/**
 * A page of a project's costs. A cost in a closed month shows a lock instead of Edit and Delete:
 * it cannot change until an admin reopens the month (Budgeting › Closed months).
 */
export function CostsTable({ costs, state, onEdit, onDelete }: CostsTableProps) {
  const isInClosedMonth = useIsInClosedMonth();
  const columns: Column<CostEntry>[] = [
    { header: 'Date', cell: (cost) => formatDateText(cost.date), className: 'whitespace-nowrap' },
    { header: 'Category', cell: (cost) => COST_CATEGORY_LABELS[cost.category] },
    { header: 'Description', cell: (cost) => cost.description },
    {
      header: 'Person',
      cell: (cost) =>
        cost.person
          ? `${personName(cost.person)}, ${cost.hours} h at ${cost.rate ? formatMoney(cost.rate) : EMPTY_VALUE}`
          : EMPTY_VALUE,
    },
    { header: 'Amount', numeric: true, cell: (cost) => formatMoney(cost.amount) },
    {
      header: 'Actions',
      cell: (cost) =>
        isInClosedMonth(cost.date) ? (
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
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
        ),
    },
  ];
  return (
    <DataTable
      caption="Costs"
      columns={columns}
      rows={costs}
      minWidth="min-w-[760px]"
      compact
      {...listTableProps(state, 'Loading costs…')}
    />
  );
}
