import {
  HEALTH_STATUS_LABELS,
  OVERVIEW_CHECK_LABELS,
  type HealthStatus,
  type OverviewCheck,
  type OverviewCheckName,
  type OverviewCountName,
  type OverviewProcess,
} from '@staff-admin/shared';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { ArrowRightIcon, CheckCircle2Icon, CircleAlertIcon, TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/ui/date-time.js';
import { paths } from '../../../config/paths.js';

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

/** The Monitoring screen where a card's figures are looked into. */
export interface CardScreen {
  to: string;
  label: string;
}

const MAIL: CardScreen = { to: paths.monitoring.mail.path, label: 'View mail' };
const ERRORS: CardScreen = { to: paths.monitoring.errors.path, label: 'View errors' };
const SECURITY: CardScreen = { to: paths.monitoring.security.path, label: 'View security' };

/** The checks that have a screen of their own; the others (database, Redis…) have none. */
const CHECK_SCREENS: Partial<Record<OverviewCheckName, CardScreen>> = {
  smtp: MAIL,
  mailWorker: MAIL,
  errorReports: ERRORS,
};

/** Every count's screen, filtered to what it counts where the screen can. */
export const COUNT_SCREENS: Record<OverviewCountName, CardScreen> = {
  newErrorGroups: ERRORS,
  serverErrors: { to: `${ERRORS.to}?source=server`, label: 'View server errors' },
  failedMails: { to: `${MAIL.to}?state=failed`, label: 'View failed mail' },
  lockouts: SECURITY,
  signIns: SECURITY,
};

/** A card's way to its screen, last in the card. */
export function CardScreenLink({ screen }: { screen: CardScreen }) {
  return (
    <Link
      to={screen.to}
      className="mt-auto inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-blue-700 underline underline-offset-4 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      {screen.label}
      <ArrowRightIcon />
    </Link>
  );
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

export const cardClass = 'flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4';

/**
 * One part's check: its state, what was found (and when, if it says), how long the check took,
 * when it ran, and its screen when it has one. `now` is the server's clock, in ms.
 */
export function CheckCard({ check, now }: { check: OverviewCheck; now: number }) {
  const title = OVERVIEW_CHECK_LABELS[check.name];
  const screen = CHECK_SCREENS[check.name];
  return (
    <li className={cardClass} aria-label={title}>
      <CheckCardTitle title={title} status={check.status} />
      <p className="text-slate-700">
        {check.output}
        {check.at && (
          <>
            {' '}
            <RelativeTime value={check.at} now={now} />
          </>
        )}
      </p>
      <p className="text-sm text-slate-600">
        {`${millis(check.latencyMs)} · checked `}
        <RelativeTime value={check.time} now={now} />
      </p>
      {screen && <CardScreenLink screen={screen} />}
    </li>
  );
}

/** A check card's first line: its title and its state. */
export function CheckCardTitle({ title, status }: { title: string; status: HealthStatus }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <HealthBadge status={status} />
    </div>
  );
}

/** One live API process, from its heartbeat row. */
export function ProcessCard({ process, nowMs }: { process: OverviewProcess; nowMs: number }) {
  const title = `${process.host} · pid ${process.pid}`;
  const figures: [string, ReactNode][] = [
    ['Uptime', duration(nowMs - Date.parse(process.startedAt))],
    ['Memory (RSS)', megabytes(process.rssBytes)],
    ['Heap', `${megabytes(process.heapUsedBytes)} of ${megabytes(process.heapTotalBytes)}`],
    [
      'Event-loop delay',
      `p50 ${millis(process.eventLoopDelayP50Ms)}, p99 ${millis(process.eventLoopDelayP99Ms)}`,
    ],
    ['Node.js', process.nodeVersion],
    ['Release', process.release ?? 'not set'],
    ['Last heartbeat', <RelativeTime value={process.lastSeenAt} now={nowMs} />],
  ];
  return (
    <li className={cardClass} aria-label={`Process ${title}`}>
      <h3 className="font-semibold break-all text-slate-900">
        {title}
        {process.current && (
          <span className="font-normal text-slate-600"> (answered this page)</span>
        )}
      </h3>
      <Figures figures={figures} />
    </li>
  );
}

/** A card's figures as term and value pairs. */
export function Figures({ figures }: { figures: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {figures.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
