import {
  COST_CATEGORY_LABELS,
  COST_IMPORT_COLUMNS,
  COST_IMPORT_FIELD_LABELS,
  COST_IMPORT_FIELDS,
  COST_IMPORT_MAX_BYTES,
  COST_IMPORT_REQUIRED_FIELDS,
  BUDGETING_MESSAGES as M,
  countLabel,
  dateFieldHint,
  findColumn,
  formatCount,
  formatDateText,
  formatMoney,
  matchColumns,
  type CostImportField,
  type CostImportMapping,
  type CostImportResult,
  type ImportBatch,
} from '@staff-admin/shared';
import clsx from 'clsx';
import Papa from 'papaparse';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useImportCosts, useUndoImport } from '../api/import-costs.js';
import { costsCount, undoImportQuestion } from '../utils/cost-counts.js';
import { readCostFile } from '../utils/read-cost-file.js';
import type { ProjectDialogProps } from './project-dialog-props.js';

const NONE = '__none__';

const PREVIEW_COLUMNS: Column<CostImportResult['preview'][number]>[] = [
  { header: 'Row', cell: (row) => row.row },
  { header: 'Date', cell: (row) => formatDateText(row.date) },
  { header: 'Category', cell: (row) => COST_CATEGORY_LABELS[row.category] },
  { header: 'Description', cell: (row) => row.description },
  { header: 'Amount', numeric: true, cell: (row) => formatMoney(row.amount) },
];
/** Where focus goes when the wizard moves on, so a screen reader hears which step it is at. */
type Step = 'file' | 'columns' | 'preview' | 'done';

/** Rows written back to a CSV file, as the server reads them. */
const csvOf = (headers: string[], rows: string[][], name: string) =>
  new File([Papa.unparse({ fields: headers, data: rows })], name, { type: 'text/csv' });

/** Picks each field's column by the shared rule (its name, label or a synonym), if the file has one. */
function guessMapping(headers: string[]): CostImportMapping {
  const mapping: CostImportMapping = {};
  const columns = matchColumns(headers, COST_IMPORT_COLUMNS);
  for (const field of COST_IMPORT_FIELDS) {
    const index = columns[field];
    if (index !== undefined) mapping[field] = headers[index];
  }
  return mapping;
}

/**
 * Import wizard: choose a CSV file, map its columns, preview (the server's dry run, with each bad
 * row's errors, which can be fixed here), then import it as one batch, which the last step offers
 * to undo. Each step takes focus when the wizard reaches it.
 */
export function ImportDialog({ project, open, onOpenChange }: ProjectDialogProps) {
  const fileInputId = useId();
  const importCosts = useImportCosts();
  const undo = useUndoImport();
  const [fileName, setFileName] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [headers, setHeaders] = useState<string[]>([]);
  const [rows, setRows] = useState<string[][]>([]);
  // The rows written back to CSV for the server: made when the file is read, and again at the
  // first check after a cell is fixed, not at every Preview. For 10,000 rows that work (and the
  // garbage it leaves) held Preview's click 250 ms.
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<CostImportMapping>({});
  const [preview, setPreview] = useState<CostImportResult | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const [undone, setUndone] = useState(false);
  const [confirmingUndo, setConfirmingUndo] = useState(false);
  // A new object on every move, so reaching the same step again (Check again) focuses it again.
  const [focusRequest, setFocusRequest] = useState<{ step: Step } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const columnsHeading = useRef<HTMLHeadingElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const targets = {
      file: fileInput,
      columns: columnsHeading,
      preview: previewHeading,
      done: doneHeading,
    };
    targets[focusRequest.step].current?.focus();
  }, [focusRequest]);

  const reset = () => {
    setFileName('');
    setFileError(undefined);
    setHeaders([]);
    setRows([]);
    setCsvFile(null);
    setMapping({});
    setPreview(null);
    setProgress(null);
    setBatch(null);
    setUndone(false);
    setConfirmingUndo(false);
  };

  const close = () => {
    reset();
    onOpenChange(false);
  };

  const chooseFile = (file: File | undefined) => {
    reset();
    if (!file) return;
    void readCostFile(file).then((read) => {
      if ('error' in read) return setFileError(read.error);
      setFileName(file.name);
      setHeaders(read.headers);
      setRows(read.rows);
      setCsvFile(csvOf(read.headers, read.rows, file.name));
      setMapping(guessMapping(read.headers));
      setFocusRequest({ step: 'columns' });
    });
  };

  const chooseAnotherFile = () => {
    reset();
    if (fileInput.current) fileInput.current.value = '';
    setFocusRequest({ step: 'file' });
  };

  const mappedAll = COST_IMPORT_REQUIRED_FIELDS.every((field) => mapping[field]);
  // The rows as they are now (fixed cells included), written back to CSV for the server.
  const fileOfRows = () => {
    const file = csvFile ?? csvOf(headers, rows, fileName);
    setCsvFile(file);
    return file;
  };
  // A field's column: the first of the name it is mapped to, as on the server.
  const columnOf = (field: CostImportField) => {
    const name = mapping[field];
    return name === undefined ? -1 : findColumn(headers, [name]);
  };

  const send = (dryRun: boolean) => {
    setProgress(dryRun ? null : 0);
    importCosts.mutate(
      {
        projectId: project.id,
        file: fileOfRows(),
        mapping,
        dryRun,
        // Only an import shows its upload: a preview's progress would show the import's bar and
        // turn Cancel off as if it were importing.
        onProgress: dryRun ? undefined : setProgress,
      },
      {
        onSuccess: (result) => {
          if (dryRun) {
            setPreview(result);
            setFocusRequest({ step: 'preview' });
            return;
          }
          toast.success(
            `${countLabel(result.validCount, ['cost imported', 'costs imported'])} (${formatMoney(result.total)}).`,
          );
          if (!result.batch) return close();
          setBatch(result.batch);
          setFocusRequest({ step: 'done' });
        },
        onError: (error) => toast.error(getErrorMessage(error)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const undoBatch = (id: string) =>
    undo.mutate(id, {
      onSuccess: () => {
        setUndone(true);
        toast.success('The import has been undone.');
      },
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setConfirmingUndo(false),
    });

  const editCell = (rowNumber: number, field: CostImportField, value: string) => {
    const column = columnOf(field);
    if (column < 0) return;
    setCsvFile(null);
    setRows((current) =>
      current.map((row, index) =>
        index + 1 === rowNumber ? row.map((cell, at) => (at === column ? value : cell)) : row,
      ),
    );
  };

  const options = [
    { value: NONE, label: 'Not in the file' },
    ...[...new Set(headers)].map((header) => ({ value: header, label: header })),
  ];
  const badRows = [...new Set(preview?.errors.map((error) => error.row) ?? [])];
  const committing = importCosts.isPending && progress !== null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Import costs from CSV"
      description={`Costs in ${project.currency}; dates as ${dateFieldHint()} or YYYY-MM-DD.`}
      preventClose={committing}
    >
      <div className="flex flex-col gap-5">
        <LiveStatus
          message={
            preview && !batch
              ? `Of ${countLabel(preview.rowCount, ['row', 'rows'])}, ${countLabel(preview.validCount, ['is ready', 'are ready'])} and ${countLabel(preview.errorCount, ['has errors', 'have errors'])}.`
              : ''
          }
        />
        {batch ? (
          <section aria-labelledby={`${fileInputId}-done`} className="flex flex-col gap-3">
            <h3
              id={`${fileInputId}-done`}
              ref={doneHeading}
              tabIndex={-1}
              className="text-base font-semibold focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {undone ? 'Import undone' : 'Imported'}
            </h3>
            <p className="text-sm">
              {batch.fileName}: {costsCount(batch.rowCount)}, total {formatMoney(batch.total)}.
            </p>
            <p className="text-sm text-slate-700">
              {undone
                ? 'Its costs have been removed from the project.'
                : 'Wrong file? Undo removes every cost of this import; it stays listed in the Imports tab.'}
            </p>
            <div className="flex flex-wrap justify-end gap-3">
              {!undone && (
                <Button variant="secondary" onClick={() => setConfirmingUndo(true)}>
                  Undo import of {batch.fileName}
                </Button>
              )}
              <Button onClick={close}>Done</Button>
            </div>
            <ConfirmDialog
              open={confirmingUndo}
              onOpenChange={setConfirmingUndo}
              title="Undo import"
              description={undoImportQuestion(batch)}
              confirmLabel="Undo import"
              destructive
              isLoading={undo.isPending}
              finalFocus={() => doneHeading.current}
              onConfirm={() => undoBatch(batch.id)}
            />
          </section>
        ) : (
          <>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={fileInputId} className="text-sm font-medium text-slate-900">
                1. CSV file
              </label>
              <input
                ref={fileInput}
                id={fileInputId}
                type="file"
                accept=".csv,text/csv"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={clsx(`${fileInputId}-limit`, fileError && `${fileInputId}-error`)}
                onChange={(event) => chooseFile(event.target.files?.[0])}
                className="max-w-full text-sm"
              />
              <p id={`${fileInputId}-limit`} className="text-sm text-slate-600">
                At most {COST_IMPORT_MAX_BYTES / (1024 * 1024)} MB.
              </p>
              {fileError && (
                <p id={`${fileInputId}-error`} role="alert" className="text-sm text-red-700">
                  {fileError}
                </p>
              )}
            </div>

            {headers.length > 0 && (
              <fieldset className="flex min-w-0 flex-col gap-3">
                <legend className="mb-2">
                  <h3
                    ref={columnsHeading}
                    tabIndex={-1}
                    className="text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
                  >
                    2. Columns
                  </h3>
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  {COST_IMPORT_FIELDS.map((field) => (
                    <Dropdown
                      key={field}
                      label={`${COST_IMPORT_FIELD_LABELS[field]}${(COST_IMPORT_REQUIRED_FIELDS as readonly string[]).includes(field) ? '' : ' (optional)'}`}
                      options={options}
                      value={mapping[field] ?? NONE}
                      onChange={(column) => {
                        setPreview(null);
                        setMapping((current) => {
                          const next = { ...current };
                          if (column === NONE) delete next[field];
                          else next[field] = column;
                          return next;
                        });
                      }}
                    />
                  ))}
                </div>
                {!mappedAll && <p className="text-sm text-red-700">{M.mappingInvalid}</p>}
                <div className="flex flex-wrap gap-3">
                  <Button
                    variant="secondary"
                    disabled={!mappedAll}
                    isLoading={importCosts.isPending && progress === null}
                    onClick={() => send(true)}
                  >
                    {preview ? 'Check again' : 'Preview'}
                  </Button>
                  <Button variant="text" onClick={chooseAnotherFile}>
                    Choose another file
                  </Button>
                </div>
              </fieldset>
            )}

            {preview && (
              <section aria-labelledby={`${fileInputId}-preview`} className="flex flex-col gap-3">
                <h3
                  id={`${fileInputId}-preview`}
                  ref={previewHeading}
                  tabIndex={-1}
                  className="text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  3. Preview
                </h3>
                <p className="text-sm">
                  {formatCount(preview.validCount)} of{' '}
                  {countLabel(preview.rowCount, ['row', 'rows'])} ready, total{' '}
                  {formatMoney(preview.total)}.{' '}
                  {preview.errorCount > 0 &&
                    `${M.rowsWithErrors(preview.errorCount)}: fix them below (then Check again) or in the file.`}
                </p>
                {badRows.length > 0 && (
                  <ul className="flex flex-col gap-3" aria-label="Rows with errors">
                    {badRows.map((rowNumber) => (
                      <li
                        key={rowNumber}
                        className="rounded-lg border border-red-200 bg-red-50 p-3"
                      >
                        <p className="text-sm font-semibold">Row {rowNumber}</p>
                        {preview.errors
                          .filter((error) => error.row === rowNumber)
                          .map((error) =>
                            error.field !== 'row' && mapping[error.field] ? (
                              <label key={error.field} className="mt-2 flex flex-col gap-1 text-sm">
                                <span>
                                  {COST_IMPORT_FIELD_LABELS[error.field]} of row {rowNumber}:{' '}
                                  <span className="text-red-700">{error.message}</span>
                                </span>
                                <input
                                  className="h-9 rounded border border-slate-300 bg-white px-2"
                                  value={rows[rowNumber - 1]?.[columnOf(error.field)] ?? ''}
                                  onChange={(event) =>
                                    editCell(
                                      rowNumber,
                                      error.field as CostImportField,
                                      event.target.value,
                                    )
                                  }
                                />
                              </label>
                            ) : (
                              <p key={error.field} className="mt-1 text-sm text-red-700">
                                {error.field === 'row'
                                  ? error.message
                                  : `${COST_IMPORT_FIELD_LABELS[error.field]}: ${error.message}`}
                              </p>
                            ),
                          )}
                      </li>
                    ))}
                  </ul>
                )}
                {preview.preview.length > 0 && (
                  <DataTable
                    caption="Rows to import"
                    columns={PREVIEW_COLUMNS}
                    rows={preview.preview}
                    rowKey={(row) => String(row.row)}
                    minWidth="min-w-[480px]"
                    compact
                  />
                )}
              </section>
            )}

            {progress !== null && (
              <progress
                value={progress}
                max={100}
                aria-label="Upload progress"
                className="w-full"
              />
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" disabled={committing} onClick={close}>
                Cancel
              </Button>
              <Button
                disabled={!preview || preview.errorCount > 0 || preview.validCount === 0}
                isLoading={committing}
                onClick={() => send(false)}
              >
                Import {preview ? costsCount(preview.validCount) : ''}
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
