import {
  HEALTH_STATUS_LABELS,
  OVERVIEW_CHECK_LABELS,
  type HealthStatus,
  type OverviewCheck,
  type OverviewProcess,
} from '@staff-admin/shared';
import clsx from 'clsx';
import { CheckCircle2Icon, CircleAlertIcon, TriangleAlertIcon } from 'lucide-react';

const STATUS_STYLES: Record<HealthStatus, string> = {
  pass: 'bg-green-100 text-green-900',
  warn: 'bg-amber-100 text-amber-900',
  fail: 'bg-red-100 text-red-900',
};

const STATUS_ICONS = {
  pass: CheckCircle2Icon,
  warn: TriangleAlertIcon,
  fail: CircleAlertIcon,
} as const;

/** pass / warn / fail as a label with an icon (the text says it; colour only helps). */
export function HealthBadge({ status }: { status: HealthStatus }) {
  const Icon = STATUS_ICONS[status];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap',
        STATUS_STYLES[status],
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {HEALTH_STATUS_LABELS[status]}
    </span>
  );
}

/** "12 s ago", "3 min ago", "2 h ago". */
export function ago(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.round(minutes / 60)} h ago`;
}

function duration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const millis = (ms: number) => `${ms.toFixed(1)} ms`;

const cardClass = 'flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4';

/** One part's check: its state, what was found, how long the check took and when it ran. */
export function CheckCard({ check, ageMs }: { check: OverviewCheck; ageMs: number }) {
  const title = OVERVIEW_CHECK_LABELS[check.name];
  return (
    <li className={cardClass} aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <HealthBadge status={check.status} />
      </div>
      <p className="text-slate-700">{check.output}</p>
      <p className="text-sm text-slate-600">
        {`${millis(check.latencyMs)} · checked ${ago(ageMs)}`}
      </p>
    </li>
  );
}

/** One live API process, from its heartbeat row. */
export function ProcessCard({ process, nowMs }: { process: OverviewProcess; nowMs: number }) {
  const title = `${process.host} · pid ${process.pid}`;
  const figures: [string, string][] = [
    ['Uptime', duration(nowMs - Date.parse(process.startedAt))],
    ['Memory (RSS)', megabytes(process.rssBytes)],
    ['Heap', `${megabytes(process.heapUsedBytes)} of ${megabytes(process.heapTotalBytes)}`],
    [
      'Event-loop delay',
      `p50 ${millis(process.eventLoopDelayP50Ms)}, p99 ${millis(process.eventLoopDelayP99Ms)}`,
    ],
    ['Node.js', process.nodeVersion],
    ['Release', process.release ?? 'not set'],
    ['Last heartbeat', ago(nowMs - Date.parse(process.lastSeenAt))],
  ];
  return (
    <li className={cardClass} aria-label={`Process ${title}`}>
      <h3 className="font-semibold break-all text-slate-900">
        {title}
        {process.current && (
          <span className="font-normal text-slate-600"> (answered this page)</span>
        )}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {figures.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600">{term}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
