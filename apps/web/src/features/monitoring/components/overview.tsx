import { formatCount, OVERVIEW_COUNT_LABELS } from '@staff-admin/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { formatRelative } from '../../../lib/format-date.js';
import { useOverview } from '../api/get-overview.js';
import {
  CardScreenLink,
  CheckCard,
  COUNT_SCREENS,
  HealthBadge,
  ProcessCard,
} from './overview-cards.js';
import { HourlyChart } from './hourly-chart.js';
import { IdentityProviderCard } from './identity-provider-card.js';
import { UptimeAvailability } from './uptime-availability.js';

/** The clock the "N s ago" texts count with, moving every second while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Monitoring › Overview: every part's check, every live process and the last day's counts,
 * refreshed every 15 s. Ages are counted from when the browser received the data plus how old the
 * server said it was, so that a browser clock set wrong does not skew them.
 */
export function Overview() {
  const overview = useOverview();
  const now = useNow();

  if (overview.isPending) return <Spinner text="Loading the overview…" />;
  if (!overview.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <p className="text-slate-800">
          The overview could not be loaded. {getErrorMessage(overview.error)}
        </p>
        <Button variant="secondary" onClick={() => void overview.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const data = overview.data;
  const receivedAgo = now - overview.dataUpdatedAt;
  const serverNow = Date.parse(data.time) + receivedAgo;
  const updated = formatRelative(-receivedAgo);
  return (
    <div className="flex flex-col gap-8">
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        <span className="font-semibold text-slate-900">Overall</span>
        <HealthBadge status={data.status} />
        <span className="text-sm">
          {overview.isError
            ? `Last updated ${updated} — cannot reach the server`
            : `Last updated ${updated}`}
        </span>
      </p>
      {overview.isError && (
        <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
          {`These figures are from ${updated}: the server cannot be reached. They refresh as soon as it answers.`}
        </p>
      )}
      <Section title="Checks">
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.checks.map((check) =>
            check.name === 'identityProvider' && data.identityProvider ? (
              <IdentityProviderCard
                key={check.name}
                check={check}
                provider={data.identityProvider}
                now={serverNow}
              />
            ) : (
              <CheckCard key={check.name} check={check} now={serverNow} />
            ),
          )}
        </ul>
      </Section>
      <Section title="Availability">
        <UptimeAvailability checks={data.checks} />
      </Section>
      <Section title="Processes">
        {data.processes.length === 0 ? (
          <p className="text-slate-700">No process has written its heartbeat yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.processes.map((process) => (
              <ProcessCard key={process.id} process={process} nowMs={serverNow} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="Last 24 hours">
        {data.counts.every((count) => count.total === 0) && (
          <p className="mb-4 text-slate-700">Nothing happened in the last 24 hours.</p>
        )}
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.counts.map((count) => (
            <li
              key={count.name}
              className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
              aria-label={OVERVIEW_COUNT_LABELS[count.name]}
            >
              <h3 className="text-slate-700">{OVERVIEW_COUNT_LABELS[count.name]}</h3>
              <p className="text-2xl font-bold text-slate-900">{formatCount(count.total)}</p>
              <HourlyChart hours={count.hours} label={OVERVIEW_COUNT_LABELS[count.name]} />
              <CardScreenLink screen={COUNT_SCREENS[count.name]} />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
