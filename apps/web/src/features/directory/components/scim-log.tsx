import {
  EMPTY_VALUE,
  RECORD_DATE_FORMAT,
  SCIM_OPERATION_LABELS,
  type ScimLogEntry,
} from '@staff-admin/shared';
import clsx from 'clsx';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { ChoiceFilter } from '../../../components/ui/filter-dropdown.js';
import { listTableProps } from '../../../components/ui/list-table-state.js';
import { ListResults } from '../../../components/ui/list-results.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { paths } from '../../../config/paths.js';
import { useListParams } from '../../../lib/list-params.js';
import { SCIM_LOG_LIST, useScimLog } from '../api/get-scim-log.js';

const CALL_NAMES = ['call', 'calls'] as const;

const LINK_CLASS =
  'rounded-sm font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** Who the call was about: a link to the person while they are a user here, else what it named. */
function Person({ entry }: { entry: ScimLogEntry }) {
  const { user } = entry;
  if (!user) return <span className="break-all">{entry.subject ?? EMPTY_VALUE}</span>;
  return (
    <>
      <Link to={paths.user.getHref(user.id)} className={LINK_CLASS}>
        {user.fullName ?? user.email}
      </Link>
      {user.fullName && (
        <span className="block text-xs break-all text-slate-600">{user.email}</span>
      )}
    </>
  );
}

/** A 2xx or 3xx answer succeeded; 4xx and 5xx failed (the "Failed only" filter's rule). */
const succeeded = (entry: ScimLogEntry) => entry.status < 400;

function Result({ entry }: { entry: ScimLogEntry }) {
  const ok = succeeded(entry);
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      <span className="tabular-nums">{entry.status}</span>
      <span
        className={clsx(
          'inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium',
          ok ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900',
        )}
      >
        {ok ? 'Success' : 'Failed'}
      </span>
    </span>
  );
}

// Words are never cut: a narrow screen scrolls the table sideways instead.
const COLUMNS: Column<ScimLogEntry>[] = [
  {
    header: 'Time',
    cell: (entry) => <DateTime value={entry.at} pattern={RECORD_DATE_FORMAT} />,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Token',
    cell: (entry) => entry.tokenName ?? <span className="text-slate-600">No valid token</span>,
  },
  {
    header: 'Operation',
    cell: (entry) => `${SCIM_OPERATION_LABELS[entry.operation]} ${entry.resourceType}`,
    className: 'whitespace-nowrap font-medium text-slate-900',
  },
  { header: 'Person', cell: (entry) => <Person entry={entry} /> },
  { header: 'Result', cell: (entry) => <Result entry={entry} /> },
  {
    header: 'Detail',
    cell: (entry) => entry.detail ?? EMPTY_VALUE,
    className: 'max-w-xs break-words',
  },
];

/** "Sync log": the directory's SCIM calls, newest first, all or only the failed ones, in pages. */
export function ScimLog() {
  const [params, , list] = useListParams(SCIM_LOG_LIST);
  const log = useScimLog(params);
  return (
    <SectionCard
      title="Sync log"
      description="Every call your directory made, newest first. A failed call says why."
    >
      <ChoiceFilter list={list} name="result" label="Result" allLabel="All calls" />
      <ListResults itemNames={CALL_NAMES} query={log} list={list} what="calls">
        <DataTable
          caption="Sync log"
          columns={COLUMNS}
          rows={log.data?.data ?? []}
          minWidth="min-w-[900px]"
          {...listTableProps(
            {
              query: log,
              empty: SCIM_LOG_LIST.isFiltered(params)
                ? 'No call has failed.'
                : 'No call yet: the log fills once your directory uses a token.',
            },
            'Loading the sync log…',
          )}
          emptyTitle="No calls found"
        />
      </ListResults>
    </SectionCard>
  );
}
