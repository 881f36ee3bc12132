import { RECORD_DATE_FORMAT } from '@staff-admin/shared';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useSecuritySummary } from '../api/get-security-summary.js';
import { HourlyChart } from './hourly-chart.js';

const CARD = 'overflow-hidden rounded-2xl border border-slate-200 bg-white';

/** Failed sign-ins per hour over the last day (a chart, its numbers in a table for screen readers), and the latest refresh-token reuse detections. */
export function SecuritySummary() {
  const summary = useSecuritySummary();

  if (summary.isPending) {
    return (
      <div className={`${CARD} flex justify-center px-6 py-8`}>
        <Spinner text="Loading sign-in figures…" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <div role="alert" className={`${CARD} flex flex-col items-center gap-4 px-6 py-8`}>
        <p className="text-slate-800">
          The sign-in figures could not be loaded. {getErrorMessage(summary.error)}
        </p>
        <Button variant="secondary" onClick={() => void summary.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { failedSignIns, refreshTokenReuses } = summary.data;
  const total = failedSignIns.reduce((sum, hour) => sum + hour.count, 0);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="failed-sign-ins-title" className={CARD}>
        <h2 id="failed-sign-ins-title" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          Failed sign-ins, last 24 hours
        </h2>
        <p className="px-4 pb-2 text-sm text-slate-700">{`${total} in all`}</p>
        <div className="px-4 pb-4">
          <HourlyChart hours={failedSignIns} label="Failed sign-ins" height={96} />
        </div>
      </section>
      <section aria-labelledby="token-reuse-title" className={CARD}>
        <h2 id="token-reuse-title" className="px-4 pt-4 text-lg font-semibold text-slate-900">
          Refresh-token reuse
        </h2>
        <p className="px-4 pb-2 text-sm text-slate-700">
          A sign-in token used again after it was replaced: the session it belonged to was ended.
        </p>
        {refreshTokenReuses.length === 0 ? (
          <p className="px-4 pb-6 text-slate-700">No reuse detected.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {refreshTokenReuses.map((reuse) => (
              <li key={reuse.id} className="px-4 py-3">
                <p className="font-medium break-all text-slate-900">
                  {reuse.user ? (reuse.user.fullName ?? reuse.user.email) : 'Deleted account'}
                </p>
                <p className="text-sm break-all text-slate-700">
                  <DateTime value={reuse.at} pattern={RECORD_DATE_FORMAT} />
                  {reuse.user?.fullName ? ` · ${reuse.user.email}` : ''}
                  {reuse.ip ? ` · from ${reuse.ip}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
