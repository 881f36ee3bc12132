import {
  formatDateText,
  formatMoney,
  isDateValue,
  RECORD_DATE_FORMAT,
  type CostEntry,
  type ImportBatch,
  type ProjectDetail,
} from '@staff-admin/shared';
import clsx from 'clsx';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { DateField } from '../../../components/ui/date-field.js';
import { ChoiceFilter } from '../../../components/ui/filter-dropdown.js';
import { ListResults } from '../../../components/ui/list-results.js';
import { lazyDialog } from '../../../components/ui/lazy-dialog.js';
import { Spinner } from '../../../components/ui/spinner.js';
import {
  REMOVABLE_ROW_CLASS,
  useRemovedRowFocus,
} from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useListParams } from '../../../lib/list-params.js';
import { toast } from '../../../lib/toast.js';
import { useDeleteCost } from '../api/change-costs.js';
import { useCostRates } from '../api/cost-rates.js';
import { COSTS_LIST, useExportCostsCsv, useCosts } from '../api/get-costs.js';
import { useBudgetRevisions, useImportBatches } from '../api/get-project.js';
import { useUndoImport } from '../api/import-costs.js';
import { CostsTable } from './costs-table.js';
import { PersonPicker } from './person-picker.js';
import { COST_NAMES, costsCount, undoImportQuestion } from '../utils/cost-counts.js';
import { personName } from '../utils/person-name.js';

// The tabs' dialogs (their forms, validation and the CSV parser) load when first opened.
const BudgetDialog = lazyDialog(async () => (await import('./budget-dialog.js')).BudgetDialog);
const CostDialog = lazyDialog(async () => (await import('./cost-dialog.js')).CostDialog);
const ImportDialog = lazyDialog(async () => (await import('./import-dialog.js')).ImportDialog);
const RateDialog = lazyDialog(async () => (await import('./rate-dialog.js')).RateDialog);

/** A filter applies once its text is a date, or is cleared; the field says what is wrong. */
const isFilterDate = (value: string) => value === '' || isDateValue(value);

function Loading({ text }: { text: string }) {
  return (
    <div className="px-4 py-10 text-center">
      <Spinner text={text} />
    </div>
  );
}

/** Costs: a page of entries, add, delete, import and export. */
export function CostsPanel({ project }: { project: ProjectDetail }) {
  const [params, update, list] = useListParams(COSTS_LIST);
  const costs = useCosts(project.id, params);
  const filtered = COSTS_LIST.isFiltered(params);
  const remove = useDeleteCost();
  const exportCsv = useExportCostsCsv();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<CostEntry | null>(null);
  const [editing, setEditing] = useState<CostEntry | null>(null);
  const rowFocus = useRemovedRowFocus();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setAdding(true)}>Add cost</Button>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <Button
          variant="secondary"
          isLoading={exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate(
              { projectId: project.id, code: project.code, params },
              { onError: (error) => toast.error(getErrorMessage(error)) },
            )
          }
        >
          Export CSV
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <DateField
          label="From"
          value={params.from}
          onChange={(from) => isFilterDate(from) && update({ from, page: 1 })}
          className="w-44"
        />
        <DateField
          label="To"
          value={params.to}
          onChange={(to) => isFilterDate(to) && update({ to, page: 1 })}
          className="w-44"
        />
        <ChoiceFilter list={list} name="category" label="Category" allLabel="All categories" />
        <div className="w-64">
          <PersonPicker
            label="Person"
            value={params.userId}
            onChange={(userId) => update({ userId, page: 1 })}
          />
        </div>
        {filtered && (
          <Button variant="text" onClick={() => update({ ...COSTS_LIST.noFilters, page: 1 })}>
            Clear filters
          </Button>
        )}
      </div>
      <ListResults itemNames={COST_NAMES} query={costs} list={list} what="costs">
        <CostsTable
          costs={costs.data?.data ?? []}
          state={{
            query: costs,
            rowFocus,
            empty: filtered
              ? 'No cost matches these filters.'
              : 'No costs yet: add one or import a CSV file.',
          }}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </ListResults>
      <CostDialog project={project} open={adding} onOpenChange={setAdding} />
      {editing && (
        <CostDialog
          key={editing.id}
          project={project}
          cost={editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          // A change that takes the cost out of these filters takes its row (and Edit) away.
          finalFocus={rowFocus.finalFocus}
        />
      )}
      <ImportDialog project={project} open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete cost"
        description={
          deleting
            ? `Delete "${deleting.description}" of ${formatDateText(deleting.date)} (${formatMoney(deleting.amount)})?`
            : ''
        }
        confirmLabel="Delete"
        destructive
        isLoading={remove.isPending}
        finalFocus={rowFocus.finalFocus}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('The cost has been deleted.'),
            onError: (error) => toast.error(getErrorMessage(error)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}

/** Budget history: every revision, newest first, and Revise budget. */
export function BudgetPanel({ project }: { project: ProjectDetail }) {
  const revisions = useBudgetRevisions(project.id);
  const [revising, setRevising] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <Button className="self-start" onClick={() => setRevising(true)}>
        Revise budget
      </Button>
      {revisions.isPending ? (
        <Loading text="Loading the budget history…" />
      ) : revisions.isError ? (
        <p role="alert">The budget history could not be loaded.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Budget history">
          {revisions.data.map((revision) => (
            <li
              key={revision.id}
              className="rounded-xl border border-slate-200 bg-white p-3 text-sm"
            >
              <span className="font-semibold tabular-nums">{formatMoney(revision.amount)}</span>:{' '}
              {revision.reason}
              <span className="block text-slate-700">
                {personName(revision.createdBy)},{' '}
                <DateTime value={revision.createdAt} pattern={RECORD_DATE_FORMAT} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <BudgetDialog project={project} open={revising} onOpenChange={setRevising} />
    </div>
  );
}

/** Cost rates in the project's currency: what labour is priced at. */
export function RatesPanel({ project }: { project: ProjectDetail }) {
  const rates = useCostRates(project.currency);
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <Button className="self-start" onClick={() => setAdding(true)}>
        Add cost rate
      </Button>
      {rates.isPending ? (
        <Loading text="Loading cost rates…" />
      ) : rates.isError ? (
        <p role="alert">The cost rates could not be loaded.</p>
      ) : rates.data.length === 0 ? (
        <p className="text-slate-700">No cost rates in {project.currency} yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={`Cost rates in ${project.currency}`}>
          {rates.data.map((rate) => (
            <li key={rate.id} className="text-sm">
              {personName(rate.person)}: {formatMoney(rate.rate)} an hour from{' '}
              {formatDateText(rate.validFrom)}
            </li>
          ))}
        </ul>
      )}
      <RateDialog currency={project.currency} open={adding} onOpenChange={setAdding} />
    </div>
  );
}

const batchItemId = (batch: ImportBatch) => `import-batch-${batch.id}`;

/** Imports: each committed file, and Undo. */
export function ImportsPanel({ project }: { project: ProjectDetail }) {
  const batches = useImportBatches(project.id);
  const undo = useUndoImport();
  const [undoing, setUndoing] = useState<ImportBatch | null>(null);
  // Undo goes once the batch is undone: focus goes to the batch, which now says so.
  const undoneItem = useRef<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {batches.isPending ? (
        <Loading text="Loading imports…" />
      ) : batches.isError ? (
        <p role="alert">The imports could not be loaded.</p>
      ) : batches.data.length === 0 ? (
        <p className="text-slate-700">Nothing has been imported into this project.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Imports">
          {batches.data.map((batch) => (
            <li
              key={batch.id}
              id={batchItemId(batch)}
              className={clsx(
                'flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm',
                REMOVABLE_ROW_CLASS,
              )}
            >
              <span>
                <span className="font-semibold">{batch.fileName}</span>:{' '}
                {costsCount(batch.rowCount)}, {formatMoney(batch.total)}, by{' '}
                {personName(batch.createdBy)},{' '}
                <DateTime value={batch.createdAt} pattern={RECORD_DATE_FORMAT} />
                {batch.undoneAt && (
                  <>
                    {' '}
                    · Undone <DateTime value={batch.undoneAt} pattern={RECORD_DATE_FORMAT} />
                  </>
                )}
              </span>
              {!batch.undoneAt && (
                <Button size="small" variant="secondary" onClick={() => setUndoing(batch)}>
                  Undo import of {batch.fileName}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(open) => !open && setUndoing(null)}
        title="Undo import"
        description={undoing ? undoImportQuestion(undoing) : ''}
        confirmLabel="Undo import"
        destructive
        isLoading={undo.isPending}
        onConfirm={() => {
          if (!undoing) return;
          undoneItem.current = batchItemId(undoing);
          undo.mutate(undoing.id, {
            onSuccess: () => toast.success('The import has been undone.'),
            onError: (error) => toast.error(getErrorMessage(error)),
            onSettled: () => setUndoing(null),
          });
        }}
        finalFocus={() => document.getElementById(undoneItem.current ?? '')}
      />
    </div>
  );
}
