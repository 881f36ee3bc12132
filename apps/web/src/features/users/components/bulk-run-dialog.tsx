import type { BulkUserAction } from '@staff-admin/shared';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import type { BulkJob, BulkRunOutcome } from '../api/bulk-users.js';
import { useBulkRun } from '../hooks/use-bulk-run.js';
import { BulkProgressView } from './bulk-progress.js';
import { BulkResults } from './bulk-results.js';

type Phase =
  | { name: 'confirm' }
  | { name: 'running'; job: BulkJob }
  | { name: 'results'; job: BulkJob; outcome: BulkRunOutcome };

export const BULK_RESULTS_TITLE = 'Results';

const RUNNING_LABELS: Record<BulkUserAction, string> = {
  changeRole: 'Changing roles',
  activate: 'Activating users',
  deactivate: 'Deactivating users',
  resendInvitation: 'Sending invitations',
  endSessions: 'Ending sessions',
  delete: 'Deleting users',
};

interface BulkRunDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the action and how many users it is for. */
  title: string;
  description: ReactNode;
  /** Fields the action needs (a role, a number of days), shown before the run. */
  children?: ReactNode;
  confirmLabel: string;
  /** The action deletes: the confirm button is red. */
  destructive?: boolean;
  /** Refuses to start (the form shows why). */
  confirmDisabled?: boolean;
  /** The job to run, or null when a field above is not ready yet (it shows why, focused). */
  prepare: () => BulkJob | null;
  /** Emails the page knew for the chosen ids, for rows the server cannot name. */
  knownEmails?: ReadonlyMap<string, string>;
  /** Called once a run has ended (the list has been loaded again by then). */
  onRan?: () => void;
  /** Where focus goes on closing when the opener is gone (a toolbar that went with the selection). */
  finalFocus?: () => HTMLElement | null;
}

/**
 * A bulk action in one dialog: the confirmation (an alertdialog naming the action and the count),
 * then the run with a progress bar, then the results row by row. It cannot be closed while it
 * runs; focus moves to each step's own content, never to the body.
 */
export function BulkRunDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  destructive = false,
  confirmDisabled = false,
  prepare,
  knownEmails,
  onRan,
  finalFocus,
}: BulkRunDialogProps) {
  const { progress, run, stop, dialog } = useBulkRun();
  const [phase, setPhase] = useState<Phase>({ name: 'confirm' });
  const [stopping, setStopping] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts at the confirmation.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPhase({ name: 'confirm' });
      setStopping(false);
    }
  }

  const start = async () => {
    const job = prepare();
    if (!job) return;
    setPhase({ name: 'running', job });
    const outcome = await run(job);
    setPhase({ name: 'results', job, outcome });
    onRan?.();
  };

  const running = phase.name === 'running';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={phase.name === 'results' ? BULK_RESULTS_TITLE : title}
      description={phase.name === 'confirm' ? description : undefined}
      size={phase.name === 'confirm' ? 'confirm' : 'modal'}
      role={phase.name === 'confirm' ? 'alertdialog' : 'dialog'}
      hideCloseButton
      preventClose={running}
      finalFocus={finalFocus}
    >
      {phase.name === 'confirm' && (
        <>
          {children}
          <div className="mt-8 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              destructive={destructive}
              disabled={confirmDisabled}
              onClick={() => void start()}
            >
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
      {phase.name === 'running' && (
        <BulkProgressView
          progress={progress ?? { processed: 0, total: phase.job.total }}
          label={RUNNING_LABELS[phase.job.action]}
          stopping={stopping}
          onStop={() => {
            setStopping(true);
            stop();
          }}
        />
      )}
      {phase.name === 'results' && (
        <BulkResults
          action={phase.job.action}
          position={phase.job.position}
          outcome={phase.outcome}
          total={phase.job.total}
          knownEmails={knownEmails}
          onDone={() => onOpenChange(false)}
        />
      )}
      {dialog}
    </Dialog>
  );
}
