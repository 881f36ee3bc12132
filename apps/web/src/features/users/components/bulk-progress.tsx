import { formatCount } from '@staff-admin/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import type { BulkProgress as Progress } from '../hooks/use-bulk-run.js';

interface BulkProgressProps {
  progress: Progress;
  /** What is being done, e.g. "Deactivating users". */
  label: string;
  onStop: () => void;
  stopping: boolean;
}

/** The run is read out at its start and at every tenth of the way, not after every call. */
const SPOKEN_STEPS = 10;

/**
 * How far a bulk action has got: a progress bar ("x of N") and Stop, which ends the run before
 * its next call. Stop takes focus when the run starts, so focus is never left on the body, and
 * the progress is said (a live region) while focus stays there: a long run's thousand calls
 * would talk over everything, so it is said at each tenth of the way.
 */
export function BulkProgressView({ progress, label, onStop, stopping }: BulkProgressProps) {
  const labelId = useId();
  const stopButton = useRef<HTMLButtonElement>(null);
  // The button that started the run is gone: focus goes to the one control left.
  useEffect(() => stopButton.current?.focus(), []);
  // A filter can gain matches while the run goes on: the bar never shows more than full.
  const total = Math.max(progress.total, progress.processed);
  const text = `${formatCount(progress.processed)} of ${formatCount(total)}`;
  const percent = total === 0 ? 0 : Math.round((progress.processed / total) * 100);
  const step = total === 0 ? 0 : Math.floor((progress.processed / total) * SPOKEN_STEPS);
  const [spoken, setSpoken] = useState({ step, text });
  if (spoken.step !== step) setSpoken({ step, text });
  return (
    <div className="mt-6 flex flex-col gap-4">
      <LiveStatus
        message={stopping ? `${label}: stopping after this batch` : `${label}: ${spoken.text}`}
      />
      <div className="flex flex-col gap-2">
        <div className="flex justify-between text-sm text-slate-700">
          <span id={labelId}>{label}</span>
          <span aria-hidden="true">{text}</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={progress.processed}
          aria-valuetext={text}
          className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-blue-700 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <p className="text-sm text-slate-700">
        Keep this page open until it ends. Stop ends it after the current batch; what is done stays
        done.
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" isLoading={stopping} onClick={onStop} ref={stopButton}>
          Stop
        </Button>
      </div>
    </div>
  );
}
