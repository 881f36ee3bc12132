import {
  EMPTY_VALUE,
  formatMoney,
  type Project,
  type ProjectSortColumn,
  type ProjectTotals,
} from '@staff-admin/shared';
import clsx from 'clsx';
import { DownloadIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { ChoiceFilter } from '../../../components/ui/filter-dropdown.js';
import { ListResults } from '../../../components/ui/list-results.js';
import { listTableProps } from '../../../components/ui/list-table-state.js';
import { SearchBox } from '../../../components/ui/search-box.js';
import { paths } from '../../../config/paths.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useListParams } from '../../../lib/list-params.js';
import { toast } from '../../../lib/toast.js';
import { PROJECTS_LIST, useExportProjectsCsv, useProjects } from '../api/get-projects.js';
import { BurnBar } from './burn-bar.js';

const PROJECT_NAMES = ['project', 'projects'] as const;

const COLUMNS: Column<Project, ProjectSortColumn>[] = [
  {
    header: 'Code',
    sort: 'code',
    cell: (project) => (
      <Link
        to={paths.financial.project.getHref(project.id)}
        className="text-blue-700 underline-offset-4 hover:underline"
      >
        {project.code}
      </Link>
    ),
    className: 'font-medium',
  },
  { header: 'Name', sort: 'name', cell: (project) => project.name, className: 'text-slate-900' },
  { header: 'Client', sort: 'client', cell: (project) => project.client },
  {
    header: 'Owner',
    cell: ({ owner }) => owner?.fullName ?? owner?.email ?? EMPTY_VALUE,
  },
  {
    header: 'Budget',
    sort: 'budget',
    numeric: true,
    cell: (project) => formatMoney(project.budget),
  },
  {
    header: 'Actual',
    sort: 'actual',
    numeric: true,
    cell: (project) => formatMoney(project.actual),
  },
  {
    header: 'Remaining',
    sort: 'remaining',
    numeric: true,
    cell: ({ remaining }) => (
      <span className={clsx(remaining.amount < 0 && 'text-red-700')}>{formatMoney(remaining)}</span>
    ),
  },
  {
    header: 'Used',
    sort: 'percentUsed',
    cell: (project) => <BurnBar percent={project.percentUsed} actual={project.actual} />,
  },
  {
    header: 'Forecast at end',
    numeric: true,
    cell: ({ forecast }) => (forecast ? formatMoney(forecast) : EMPTY_VALUE),
  },
  {
    header: 'Ends',
    sort: 'endDate',
    cell: (project) => <DateTime value={project.endDate} />,
    className: 'whitespace-nowrap',
  },
];

function TotalsRow({ totals, currencies }: { totals: ProjectTotals | null; currencies: string[] }) {
  if (!totals) {
    return (
      <tr className="border-t-2 border-slate-300 bg-slate-50">
        <th scope="row" colSpan={COLUMNS.length} className="px-4 py-3 text-left font-medium">
          Totals are not shown: the projects use several currencies ({currencies.join(', ')}).
        </th>
      </tr>
    );
  }
  return (
    <tr className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
      <th scope="row" colSpan={4} className="px-4 py-3 text-left">
        Total ({totals.currency})
      </th>
      <td className="px-4 py-3 text-right tabular-nums">{formatMoney(totals.budget)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatMoney(totals.actual)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatMoney(totals.remaining)}</td>
      <td colSpan={3} />
    </tr>
  );
}

/** Budgeting › Projects: budget, actual, remaining and burn of every project, in the URL's view. */
export function ProjectsList() {
  const [params, update, list] = useListParams(PROJECTS_LIST);
  const projects = useProjects(params);
  const exportCsv = useExportProjectsCsv();
  const meta = projects.data?.meta;
  const rows = projects.data?.data ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          value={params.search}
          onSearch={(search) => update({ search, page: 1 })}
          placeholder="Code, name or client"
          label="Search projects"
        />
        <ChoiceFilter list={list} name="status" label="Status" allLabel="All statuses" />
        <ChoiceFilter list={list} name="currency" label="Currency" allLabel="All currencies" />
        <Button
          variant="secondary"
          className="ml-auto"
          isLoading={exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate(params, { onError: (error) => toast.error(getErrorMessage(error)) })
          }
        >
          <DownloadIcon />
          Export CSV
        </Button>
      </div>
      <ListResults
        label="Projects"
        itemNames={PROJECT_NAMES}
        query={projects}
        list={list}
        what="projects"
      >
        <DataTable
          caption="Projects"
          columns={COLUMNS}
          rows={rows}
          minWidth="min-w-[1100px]"
          {...listTableProps(
            {
              query: projects,
              sort: list.sort,
              empty: PROJECTS_LIST.isFiltered(params)
                ? 'No project matches these filters.'
                : 'Create the first project with its budget.',
            },
            'Loading projects…',
          )}
          emptyTitle="No projects found"
          footer={
            meta &&
            rows.length > 0 && <TotalsRow totals={meta.totals} currencies={meta.currencies} />
          }
        />
      </ListResults>
    </div>
  );
}
