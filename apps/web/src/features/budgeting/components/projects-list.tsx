import {
  countLabel,
  CURRENCY_CODES,
  EMPTY_VALUE,
  formatMoney,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type Project,
  type ProjectSortColumn,
  type ProjectTotals,
} from '@staff-admin/shared';
import clsx from 'clsx';
import { DownloadIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { SearchBox } from '../../../components/ui/search-box.js';
import { SortableHeader } from '../../../components/ui/sortable-header.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { paths } from '../../../config/paths.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { PAGE_SIZES } from '../../../lib/list-params.js';
import { toast } from '../../../lib/toast.js';
import { useExportProjectsCsv, useProjects } from '../api/get-projects.js';
import { useProjectsParams } from '../hooks/use-projects-params.js';
import { BurnBar } from './burn-bar.js';

const ALL = 'all' as const;
const PROJECT_NAMES = ['project', 'projects'] as const;
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...PROJECT_STATUSES.map((status) => ({ value: status, label: PROJECT_STATUS_LABELS[status] })),
];
const CURRENCY_OPTIONS = [
  { value: ALL, label: 'All currencies' },
  ...CURRENCY_CODES.map((code) => ({ value: code, label: code })),
];

const COLUMNS: { id: string; label: string; sort?: ProjectSortColumn; numeric?: boolean }[] = [
  { id: 'code', label: 'Code', sort: 'code' },
  { id: 'name', label: 'Name', sort: 'name' },
  { id: 'client', label: 'Client', sort: 'client' },
  { id: 'owner', label: 'Owner' },
  { id: 'budget', label: 'Budget', sort: 'budget', numeric: true },
  { id: 'actual', label: 'Actual', sort: 'actual', numeric: true },
  { id: 'remaining', label: 'Remaining', sort: 'remaining', numeric: true },
  { id: 'percentUsed', label: 'Used', sort: 'percentUsed' },
  { id: 'forecast', label: 'Forecast at end', numeric: true },
  { id: 'endDate', label: 'Ends', sort: 'endDate' },
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

function ProjectRow({ project }: { project: Project }) {
  return (
    <tr className="border-b border-slate-100">
      <td className="px-4 py-3 font-medium">
        <Link
          to={paths.financial.project.getHref(project.id)}
          className="text-blue-700 underline-offset-4 hover:underline"
        >
          {project.code}
        </Link>
      </td>
      <td className="px-4 py-3 text-slate-900">{project.name}</td>
      <td className="px-4 py-3 text-slate-700">{project.client}</td>
      <td className="px-4 py-3 text-slate-700">
        {project.owner?.fullName ?? project.owner?.email ?? EMPTY_VALUE}
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{formatMoney(project.budget)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatMoney(project.actual)}</td>
      <td
        className={clsx(
          'px-4 py-3 text-right tabular-nums',
          project.remaining.amount < 0 && 'text-red-700',
        )}
      >
        {formatMoney(project.remaining)}
      </td>
      <td className="px-4 py-3">
        <BurnBar percent={project.percentUsed} actual={project.actual} />
      </td>
      <td className="px-4 py-3 text-right tabular-nums">
        {project.forecast ? formatMoney(project.forecast) : EMPTY_VALUE}
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
        <DateTime value={project.endDate} />
      </td>
    </tr>
  );
}

/** Budgeting › Projects: budget, actual, remaining and burn of every project, in the URL's view. */
export function ProjectsList() {
  const [params, update] = useProjectsParams();
  const projects = useProjects(params);
  const exportCsv = useExportProjectsCsv();
  const meta = projects.data?.meta;

  const lastPage = meta?.totalPages ?? 0;
  useEffect(() => {
    if (!projects.isPlaceholderData && lastPage > 0 && params.page > lastPage) {
      update({ page: lastPage }, { replace: true });
    }
  }, [projects.isPlaceholderData, lastPage, params.page, update]);

  const sort = (column: ProjectSortColumn) => {
    const toggled = params.sortDirection === 'ASC' ? 'DESC' : 'ASC';
    update({ sortBy: column, sortDirection: column === params.sortBy ? toggled : 'ASC', page: 1 });
  };

  let result = '';
  if (meta && !projects.isFetching) {
    const pages = Math.max(meta.totalPages, 1);
    result =
      meta.totalItems === 0
        ? 'No projects found'
        : `${countLabel(meta.totalItems, PROJECT_NAMES)}, page ${Math.min(params.page, pages)} of ${pages}`;
  }
  const filtered = Boolean(params.search || params.status || params.currency);
  const rows = projects.data?.data ?? [];

  return (
    <div className="flex flex-col gap-4">
      <LiveStatus message={result} />
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          value={params.search}
          onSearch={(search) => update({ search, page: 1 })}
          placeholder="Code, name or client"
          label="Search projects"
        />
        <Dropdown
          label="Status"
          options={STATUS_OPTIONS}
          value={params.status || ALL}
          onChange={(status) => update({ status: status === ALL ? '' : status, page: 1 })}
          className="w-40"
        />
        <Dropdown
          label="Currency"
          options={CURRENCY_OPTIONS}
          value={params.currency || ALL}
          onChange={(currency) => update({ currency: currency === ALL ? '' : currency, page: 1 })}
          className="w-40"
        />
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
      <section
        aria-label="Projects"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
      >
        {projects.isError && !projects.data ? (
          <div role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
            <p className="text-slate-800">
              The projects could not be loaded. {getErrorMessage(projects.error)}
            </p>
            <Button variant="secondary" onClick={() => void projects.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <TableScroll label="Projects table">
              <table
                className="w-full min-w-[1100px] border-collapse text-left text-sm"
                aria-busy={projects.isFetching}
              >
                <caption className="sr-only">Projects</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                  <tr>
                    {COLUMNS.map((column) => (
                      <SortableHeader
                        key={column.id}
                        label={column.label}
                        sort={column.sort}
                        sortBy={params.sortBy}
                        sortDirection={params.sortDirection}
                        onSort={sort}
                        className={column.numeric ? 'text-right' : undefined}
                      />
                    ))}
                  </tr>
                </thead>
                <tbody className={clsx(projects.isFetching && !projects.isPending && 'opacity-60')}>
                  {projects.isPending ? (
                    <tr>
                      <td colSpan={COLUMNS.length} className="px-4 py-12 text-center">
                        <Spinner text="Loading projects…" />
                      </td>
                    </tr>
                  ) : rows.length === 0 ? (
                    <tr>
                      <td
                        colSpan={COLUMNS.length}
                        className="px-4 py-12 text-center text-slate-700"
                      >
                        <p className="font-semibold">No projects found</p>
                        <p className="mt-1">
                          {filtered
                            ? 'No project matches these filters.'
                            : 'Create the first project with its budget.'}
                        </p>
                      </td>
                    </tr>
                  ) : (
                    rows.map((project) => <ProjectRow key={project.id} project={project} />)
                  )}
                </tbody>
                {meta && rows.length > 0 && (
                  <tfoot>
                    <TotalsRow totals={meta.totals} currencies={meta.currencies} />
                  </tfoot>
                )}
              </table>
            </TableScroll>
            {meta && (
              <Pagination
                page={params.page}
                totalPages={meta.totalPages}
                totalItems={meta.totalItems}
                pageSize={params.limitPerPage}
                pageSizes={PAGE_SIZES}
                onPageChange={(page) => update({ page })}
                onPageSizeChange={(limitPerPage) => update({ limitPerPage, page: 1 })}
                itemNames={PROJECT_NAMES}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
