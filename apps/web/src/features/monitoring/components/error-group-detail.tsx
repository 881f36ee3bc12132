import {
  EMPTY_VALUE,
  ERROR_SOURCE_LABELS,
  MONITORING_MESSAGES,
  RECORD_DATE_FORMAT,
  countLabel,
  type ErrorGroupDetail,
  type ErrorGroupRelease,
  type ErrorGroupStatus,
  type ErrorOccurrence,
  type StoredStackFrame,
} from '@staff-admin/shared';
import { BanIcon, CheckIcon, RotateCcwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useUpdateErrorGroupStatus } from '../api/update-error-group-status.js';
import { ErrorStatusBadge } from './error-status-badge.js';

const ACTIONS: { status: ErrorGroupStatus; label: string; icon: ReactNode; done: string }[] = [
  {
    status: 'resolved',
    label: 'Resolve',
    icon: <CheckIcon />,
    done: MONITORING_MESSAGES.groupResolved,
  },
  { status: 'ignored', label: 'Ignore', icon: <BanIcon />, done: MONITORING_MESSAGES.groupIgnored },
  {
    status: 'unresolved',
    label: 'Reopen',
    icon: <RotateCcwIcon />,
    done: MONITORING_MESSAGES.groupReopened,
  },
];

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

const orDash = (value: string | number | null) => (value === null ? EMPTY_VALUE : value);

/**
 * The three status actions, always all shown: the one for the current status is unavailable
 * (aria-disabled, still focusable), so focus never vanishes when the status changes.
 */
export function ErrorGroupActions({ group }: { group: ErrorGroupDetail }) {
  const update = useUpdateErrorGroupStatus(group.id);
  return (
    <>
      {ACTIONS.map((action) => (
        <Button
          key={action.status}
          variant={action.status === 'resolved' ? 'primary' : 'secondary'}
          disabled={group.status === action.status}
          isLoading={update.isPending && update.variables === action.status}
          onClick={() => {
            if (update.isPending || group.status === action.status) return;
            update.mutate(action.status, {
              onSuccess: () => toast.success(action.done),
              onError: (error) => toast.error(getErrorMessage(error)),
            });
          }}
        >
          {action.icon}
          {action.label}
        </Button>
      ))}
    </>
  );
}

/** `file:line:column`, as much of it as the frame has. */
function framePlace(frame: Omit<StoredStackFrame, 'minified'>): string {
  const place = [frame.fileName ?? '<anonymous>', frame.lineNumber, frame.columnNumber];
  return place.filter((part) => part !== undefined).join(':');
}

/**
 * A browser stack mapped to our sources: each frame's file, line and column in our code, and its
 * function; the frame as the browser gave it (bundle and minified name) underneath.
 */
function SourceFrames({ frames, headingId }: { frames: StoredStackFrame[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="font-medium text-slate-900">
        Source frames
      </h4>
      <p className="text-sm text-slate-600">{MONITORING_MESSAGES.mappedFramesHint}</p>
      <ol aria-labelledby={headingId} className="mt-2 flex flex-col gap-2">
        {frames.map((frame, index) => (
          // Frames have no identity of their own (the same call can appear twice in a stack),
          // and the list never changes order: their place is their key.
          <li key={index} className="rounded-lg bg-slate-100 p-3 text-xs break-all">
            <code className="text-slate-900">{framePlace(frame)}</code>
            {frame.functionName && (
              <span className="text-slate-800">
                {' in '}
                <code>{frame.functionName}</code>
              </span>
            )}
            {frame.minified && (
              <span className="mt-1 block text-slate-600">
                {'Minified: '}
                <code>{framePlace(frame.minified)}</code>
                {frame.minified.functionName && ` in ${frame.minified.functionName}`}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Occurrence({ occurrence }: { occurrence: ErrorOccurrence }) {
  const user = occurrence.user;
  const mapped = occurrence.frames.some((frame) => frame.minified);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5">
      <h3 className="font-semibold text-slate-900">
        <DateTime value={occurrence.at} pattern={RECORD_DATE_FORMAT} />
      </h3>
      <p className="mt-1 break-words text-slate-800">{occurrence.message || EMPTY_VALUE}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {occurrence.route !== null && (
          <Fact term="Request">
            {occurrence.method} {occurrence.route} → {orDash(occurrence.status)}
          </Fact>
        )}
        {occurrence.url !== null && <Fact term="Page">{occurrence.url}</Fact>}
        {occurrence.requestId !== null && <Fact term="Request id">{occurrence.requestId}</Fact>}
        <Fact term="Release">{orDash(occurrence.release)}</Fact>
        <Fact term="User">
          {user ? `${user.fullName ?? user.email} (${user.email})` : 'Not signed in'}
        </Fact>
        <Fact term="User agent">{orDash(occurrence.userAgent)}</Fact>
      </dl>
      {mapped && <SourceFrames frames={occurrence.frames} headingId={`frames-${occurrence.id}`} />}
      {occurrence.stack && (
        <details className="mt-4">
          <summary className="cursor-pointer rounded-sm font-medium text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600">
            Stack trace
          </summary>
          {/* Wrapped, not scrolled: long lines stay readable at 320px without a scroll region. */}
          <pre className="mt-2 rounded-lg bg-slate-100 p-3 text-xs break-all whitespace-pre-wrap text-slate-900">
            {occurrence.stack}
          </pre>
        </details>
      )}
    </li>
  );
}

/** The releases the group occurred in, the most recently seen first. */
function Releases({ releases }: { releases: ErrorGroupRelease[] }) {
  return (
    <section aria-labelledby="releases-heading" className="flex flex-col gap-4">
      <h2 id="releases-heading" className="text-xl font-semibold text-slate-900">
        Releases
      </h2>
      {releases.length === 0 ? (
        <p className="text-slate-700">{MONITORING_MESSAGES.noReleases}</p>
      ) : (
        <ul aria-labelledby="releases-heading" className="flex flex-col gap-2">
          {releases.map((release) => (
            <li
              key={release.release}
              className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-baseline sm:gap-4"
            >
              <code className="font-semibold break-all text-slate-900">{release.release}</code>
              <span className="text-slate-800">
                {countLabel(release.count, ['occurrence', 'occurrences'])}
              </span>
              <span className="text-sm text-slate-700">
                first seen <DateTime value={release.firstSeenAt} pattern={RECORD_DATE_FORMAT} />,
                last seen <DateTime value={release.lastSeenAt} pattern={RECORD_DATE_FORMAT} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One error group: what it is, its counters, its releases and its most recent occurrences. */
export function ErrorGroupSummary({ group }: { group: ErrorGroupDetail }) {
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Status">
          <ErrorStatusBadge status={group.status} regressed={group.regressed} />
        </Fact>
        <Fact term="Source">{ERROR_SOURCE_LABELS[group.source]}</Fact>
        <Fact term="Type">{group.type}</Fact>
        <Fact term="Occurrences">{group.count}</Fact>
        <Fact term="First seen">
          <DateTime value={group.firstSeenAt} pattern={RECORD_DATE_FORMAT} />
        </Fact>
        <Fact term="Last seen">
          <DateTime value={group.lastSeenAt} pattern={RECORD_DATE_FORMAT} />
        </Fact>
        <Fact term="Users affected">{group.usersAffected}</Fact>
        <Fact term="Resolved">
          <DateTime value={group.resolvedAt} pattern={RECORD_DATE_FORMAT} />
        </Fact>
      </dl>
      <Releases releases={group.releases} />
      <section aria-labelledby="occurrences-heading" className="flex flex-col gap-4">
        <h2 id="occurrences-heading" className="text-xl font-semibold text-slate-900">
          Recent occurrences
        </h2>
        {group.occurrences.length === 0 ? (
          <p className="text-slate-700">
            No occurrence is kept any more: older ones are removed after a while.
          </p>
        ) : (
          <ol aria-labelledby="occurrences-heading" className="flex flex-col gap-4">
            {group.occurrences.map((occurrence) => (
              <Occurrence key={occurrence.id} occurrence={occurrence} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
