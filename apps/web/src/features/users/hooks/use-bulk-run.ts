import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useReauthenticated } from '../../../components/reauthenticate/use-reauthenticated.js';
import { LOCKED_ACCOUNTS_KEY } from '../../../components/unlock-account/locked-accounts.js';
import { USERS_LIST_KEY } from '../api/get-users.js';
import { runBulkJob, type BulkJob, type BulkRunOutcome } from '../api/bulk-users.js';

export interface BulkProgress {
  processed: number;
  total: number;
}

/**
 * Runs a bulk job with its progress as state, and a stop that takes effect before the next call.
 * The list (and the locks, which a deletion ends) is loaded again once the job has run. A call
 * that needs a recent password opens "Confirm your password" (`dialog`, to render) first.
 */
export function useBulkRun() {
  const queryClient = useQueryClient();
  const stopRequested = useRef(false);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const { run: send, dialog } = useReauthenticated();

  const run = useCallback(
    async (job: BulkJob): Promise<BulkRunOutcome> => {
      stopRequested.current = false;
      setProgress({ processed: 0, total: job.total });
      const outcome = await runBulkJob(job, {
        onProgress: (processed) => setProgress({ processed, total: job.total }),
        shouldStop: () => stopRequested.current,
        send,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY }),
        queryClient.invalidateQueries({ queryKey: LOCKED_ACCOUNTS_KEY }),
      ]);
      return outcome;
    },
    [queryClient, send],
  );
  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);
  return { progress, run, stop, dialog };
}
