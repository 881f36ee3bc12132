import {
  OVERVIEW_CHECK_LABELS,
  UPTIME_MESSAGES,
  UPTIME_PERIOD_LABELS,
  UPTIME_PERIODS,
  type OverviewCheck,
} from '@staff-admin/shared';
import { DownloadIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useExportUptimeCsv } from '../api/export-uptime-csv.js';

const PERCENT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/** A period's availability as read: "99.95 %", or that there is no sample yet. */
export const availabilityText = (value: number | null) =>
  value === null ? UPTIME_MESSAGES.noData : `${PERCENT.format(value)} %`;

/**
 * Uptime history on the Overview: each check's availability over the last 24 hours, 30 and 90
 * days (maintenance windows left out), as a table of figures in words, and the CSV of its days.
 */
export function UptimeAvailability({ checks }: { checks: readonly OverviewCheck[] }) {
  const exportCsv = useExportUptimeCsv();
  const download = () => {
    if (exportCsv.isPending) return;
    exportCsv.mutate(undefined, {
      onError: (error) =>
        toast.error(`${UPTIME_MESSAGES.downloadFailed} ${getErrorMessage(error)}`),
    });
  };
  const noData = checks.every((check) =>
    UPTIME_PERIODS.every((period) => check.availability[period] === null),
  );
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      {noData && <p className="text-slate-700">{UPTIME_MESSAGES.noSamplesYet}</p>}
      <TableScroll label="Availability table">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{UPTIME_MESSAGES.tableCaption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Check
              </th>
              {UPTIME_PERIODS.map((period) => (
                <th key={period} scope="col" className="py-2 pr-4 text-right font-semibold">
                  {UPTIME_PERIOD_LABELS[period]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {checks.map((check) => (
              <tr key={check.name} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pr-4 font-normal text-slate-900">
                  {OVERVIEW_CHECK_LABELS[check.name]}
                </th>
                {UPTIME_PERIODS.map((period) => (
                  <td key={period} className="py-2 pr-4 text-right text-slate-900 tabular-nums">
                    {availabilityText(check.availability[period])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="flex justify-end">
        <Button variant="secondary" isLoading={exportCsv.isPending} onClick={download}>
          <DownloadIcon />
          {UPTIME_MESSAGES.download}
        </Button>
      </div>
    </div>
  );
}
