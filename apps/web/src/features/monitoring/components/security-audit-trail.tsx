import {
  AUDIT_ACTIONS,
  EMPTY_VALUE,
  RECORD_DATE_FORMAT,
  SECURITY_MESSAGES,
  type AuditPerson,
  type AuditTrailEvent,
} from '@staff-admin/shared';
import { DownloadIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { DateField } from '../../../components/ui/date-field.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { FilterDropdown } from '../../../components/ui/filter-dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { ListResults } from '../../../components/ui/list-results.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { useListParams } from '../../../lib/list-params.js';
import { toast } from '../../../lib/toast.js';
import { useExportAuditCsv } from '../api/export-audit-csv.js';
import { AUDIT_LIST, useAuditEvents, type AuditFilters } from '../api/get-audit-events.js';

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

// Words are never cut: a narrow screen scrolls the table sideways instead.
const COLUMNS: Column<AuditTrailEvent>[] = [
  {
    header: 'Time',
    cell: (event) => <DateTime value={event.at} pattern={RECORD_DATE_FORMAT} />,
  },
  { header: 'Action', cell: (event) => event.action, className: 'font-medium text-slate-900' },
  {
    header: 'Actor',
    cell: (event) =>
      // The company's directory acts through a SCIM token, named (issue 36).
      event.actorName ? (
        <span className="block text-slate-900">{`SCIM token “${event.actorName}”`}</span>
      ) : (
        <Person person={event.actor} id={event.actorId} />
      ),
  },
  { header: 'Target', cell: (event) => <Person person={event.target} id={event.targetId} /> },
  { header: 'IP', cell: (event) => event.ip ?? EMPTY_VALUE },
];

/** The audit trail with its filters and pages in the URL, and a CSV of the filtered rows. */
export function SecurityAuditTrail() {
  const [params, update, list] = useListParams(AUDIT_LIST);
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
  // Focus stays on the control used (Apply filters): the refusal is read out from here.
  const refusal =
    refusedFilters.length > 0
      ? `The filters were not applied. ${refusedFilters
          .map((field) => `${FILTER_LABELS[field]}: ${filterErrors[field]}`)
          .join(' ')}`
      : undefined;

  return (
    <section
      aria-labelledby="audit-trail-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="audit-trail-title" className="text-lg font-semibold text-slate-900">
        Audit trail
      </h2>
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
      <ListResults
        itemNames={EVENT_NAMES}
        query={audit}
        list={list}
        what="events"
        loadFailed="The audit trail could not be loaded."
        status={refusal}
        failure={
          refusal && (
            <p className="px-3 py-8 text-center text-slate-700">
              No events shown: fix the filters marked above.
            </p>
          )
        }
        note={
          meta?.totalItemsCapped &&
          params.page >= meta.totalPages && (
            <p className="px-4 text-sm text-slate-700">{SECURITY_MESSAGES.pageBeyondCap}</p>
          )
        }
      >
        <DataTable
          caption="Audit trail"
          columns={COLUMNS}
          rows={audit.data?.data ?? []}
          minWidth="min-w-[720px]"
          compact
          loading={audit.isPending && 'Loading the audit trail…'}
          isFetching={audit.isFetching}
          empty="No events match these filters."
        />
      </ListResults>
    </section>
  );
}

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
  const clear = () => onApply(AUDIT_LIST.noFilters);

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
      <FilterDropdown
        label={FILTER_LABELS.action}
        allLabel="All actions"
        values={AUDIT_ACTIONS}
        value={draft.action}
        onChange={(action) => set({ action })}
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
