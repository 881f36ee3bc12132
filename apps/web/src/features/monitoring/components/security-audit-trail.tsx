import {
  AUDIT_ACTIONS,
  countLabel,
  EMPTY_VALUE,
  RECORD_DATE_FORMAT,
  SECURITY_MESSAGES,
  type AuditAction,
  type AuditPerson,
} from '@staff-admin/shared';
import { DownloadIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DateField } from '../../../components/ui/date-field.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useExportAuditCsv } from '../api/export-audit-csv.js';
import { useAuditEvents, type AuditFilters } from '../api/get-audit-events.js';
import { useAuditParams } from '../hooks/use-audit-params.js';
import { PAGE_SIZES } from '../hooks/use-error-groups-params.js';

const ALL = 'all' as const;
const ACTION_OPTIONS = [
  { value: ALL, label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
];

const EVENT_NAMES = ['event', 'events'] as const;

/** The filters' labels, also used to say which of them the server refused. */
const FILTER_LABELS: Record<keyof AuditFilters, string> = {
  actor: 'Actor (user id)',
  target: 'Target (user id)',
  action: 'Action',
  from: 'From',
  to: 'To',
};
const FILTER_FIELDS = Object.keys(FILTER_LABELS) as (keyof AuditFilters)[];

/** The server's messages for the filters now in the URL, by filter (a 400 names them). */
function filterErrorsOf(error: unknown): Partial<Record<keyof AuditFilters, string>> {
  if (!isApiError(error, 400)) return {};
  const errors: Partial<Record<keyof AuditFilters, string>> = {};
  for (const field of FILTER_FIELDS) {
    const message = error.errors?.[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/** A user the event names: their name (and email), or the id when it is no user's now. */
function Person({ person, id }: { person: AuditPerson | null; id: string | null }) {
  if (person) {
    return (
      <>
        <span className="block text-slate-900">{person.fullName ?? person.email}</span>
        {person.fullName && (
          <span className="block text-xs break-all text-slate-600">{person.email}</span>
        )}
      </>
    );
  }
  if (id === null) return <>{EMPTY_VALUE}</>;
  return <span className="font-mono text-xs break-all">{id}</span>;
}

/** The audit trail with its filters and pages in the URL, and a CSV of the filtered rows. */
export function SecurityAuditTrail() {
  const [params, update] = useAuditParams();
  const audit = useAuditEvents(params);
  const exportCsv = useExportAuditCsv();
  const meta = audit.data?.meta;
  const { actor, target, action, from, to } = params;
  const filters: AuditFilters = { actor, target, action, from, to };

  const download = () => {
    if (exportCsv.isPending) return;
    exportCsv.mutate(params, { onError: (error) => toast.error(getErrorMessage(error)) });
  };

  const filterErrors = filterErrorsOf(audit.error);
  const refusedFilters = FILTER_FIELDS.filter((field) => filterErrors[field]);

  let result = '';
  if (refusedFilters.length > 0) {
    // Focus stays on the control used (Apply filters): the refusal is read out from here.
    result = `The filters were not applied. ${refusedFilters
      .map((field) => `${FILTER_LABELS[field]}: ${filterErrors[field]}`)
      .join(' ')}`;
  } else if (meta && !audit.isFetching) {
    const pages = Math.max(meta.totalPages, 1);
    result =
      meta.totalItems === 0
        ? 'No events found'
        : `${countLabel(meta.totalItems, EVENT_NAMES, meta.totalItemsCapped)}, page ${Math.min(params.page, pages)} of ${pages}`;
  }

  return (
    <section
      aria-labelledby="audit-trail-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="audit-trail-title" className="text-lg font-semibold text-slate-900">
        Audit trail
      </h2>
      <LiveStatus message={result} />
      <AuditFiltersForm
        filters={filters}
        errors={filterErrors}
        onApply={(changes) => update({ ...changes, page: 1 })}
      />
      <div className="flex justify-end">
        <Button variant="secondary" isLoading={exportCsv.isPending} onClick={download}>
          <DownloadIcon />
          Export CSV
        </Button>
      </div>
      {refusedFilters.length > 0 ? (
        <p className="px-3 py-8 text-center text-slate-700">
          No events shown: fix the filters marked above.
        </p>
      ) : audit.isError && !audit.data ? (
        <div role="alert" className="flex flex-col items-center gap-4 px-6 py-8 text-center">
          <p className="text-slate-800">
            The audit trail could not be loaded. {getErrorMessage(audit.error)}
          </p>
          <Button variant="secondary" onClick={() => void audit.refetch()}>
            Try again
          </Button>
        </div>
      ) : audit.isPending ? (
        <div className="flex justify-center px-6 py-8">
          <Spinner text="Loading the audit trail…" />
        </div>
      ) : (
        <>
          {/* Words are never cut: a narrow screen scrolls the table sideways instead. */}
          <TableScroll label="Audit trail table">
            <table
              className="w-full min-w-[720px] border-collapse text-left text-sm"
              aria-busy={audit.isFetching}
            >
              <caption className="sr-only">Audit trail</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  {['Time', 'Action', 'Actor', 'Target', 'IP'].map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {audit.data.data.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-3 py-8 text-center text-slate-700">
                      No events match these filters.
                    </td>
                  </tr>
                ) : (
                  audit.data.data.map((event) => (
                    <tr key={event.id} className="border-b border-slate-100 last:border-0">
                      <td className="px-3 py-2 text-slate-700">
                        <DateTime value={event.at} pattern={RECORD_DATE_FORMAT} />
                      </td>
                      <td className="px-3 py-2 font-medium text-slate-900">{event.action}</td>
                      <td className="px-3 py-2 text-slate-700">
                        <Person person={event.actor} id={event.actorId} />
                      </td>
                      <td className="px-3 py-2 text-slate-700">
                        <Person person={event.target} id={event.targetId} />
                      </td>
                      <td className="px-3 py-2 text-slate-700">{event.ip ?? EMPTY_VALUE}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableScroll>
          {meta?.totalItemsCapped && params.page >= meta.totalPages && (
            <p className="px-4 text-sm text-slate-700">{SECURITY_MESSAGES.pageBeyondCap}</p>
          )}
          {meta && (
            <Pagination
              page={params.page}
              totalPages={meta.totalPages}
              totalItems={meta.totalItems}
              pageSize={params.limitPerPage}
              pageSizes={PAGE_SIZES}
              itemNames={EVENT_NAMES}
              totalItemsCapped={meta.totalItemsCapped}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(limitPerPage) => update({ limitPerPage, page: 1 })}
            />
          )}
        </>
      )}
    </section>
  );
}

const NO_FILTERS: AuditFilters = { actor: '', target: '', action: '', from: '', to: '' };

interface AuditFiltersFormProps {
  filters: AuditFilters;
  /** The server's field messages for the filters now in the URL. */
  errors: Partial<Record<keyof AuditFilters, string>>;
  onApply: (filters: AuditFilters) => void;
}

const sameFilters = (a: AuditFilters, b: AuditFilters) =>
  FILTER_FIELDS.every((field) => a[field] === b[field]);

/**
 * The audit trail's filters, applied together with the button (and Enter). The form stays in the
 * page while they apply, so focus stays on the control used (docs/accessibility.md).
 */
function AuditFiltersForm({ filters, errors: fieldErrors, onApply }: AuditFiltersFormProps) {
  const [draft, setDraft] = useState(filters);
  // Clear, Back, forward or a link change the URL: the fields follow it.
  const [shown, setShown] = useState(filters);
  if (!sameFilters(filters, shown)) {
    setShown(filters);
    setDraft(filters);
  }
  const set = (changes: Partial<AuditFilters>) =>
    setDraft((current) => ({ ...current, ...changes }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const clear = () => onApply(NO_FILTERS);

  return (
    <form
      aria-label="Audit trail filters"
      onSubmit={apply}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Input
        label={FILTER_LABELS.actor}
        value={draft.actor}
        onChange={(event) => set({ actor: event.target.value })}
        error={fieldErrors.actor}
        autoComplete="off"
      />
      <Input
        label={FILTER_LABELS.target}
        value={draft.target}
        onChange={(event) => set({ target: event.target.value })}
        error={fieldErrors.target}
        autoComplete="off"
      />
      <Dropdown<AuditAction | typeof ALL>
        label={FILTER_LABELS.action}
        options={ACTION_OPTIONS}
        value={draft.action || ALL}
        onChange={(value) => set({ action: value === ALL ? '' : value })}
        error={fieldErrors.action}
      />
      <DateField
        label={FILTER_LABELS.from}
        granularity="minute"
        value={draft.from}
        onChange={(from) => set({ from })}
        error={fieldErrors.from}
      />
      <DateField
        label={FILTER_LABELS.to}
        granularity="minute"
        value={draft.to}
        onChange={(to) => set({ to })}
        error={fieldErrors.to}
      />
      <div className="flex flex-wrap items-end gap-3">
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
