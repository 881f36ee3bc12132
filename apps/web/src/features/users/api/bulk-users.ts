import {
  BULK_USERS_MAX,
  runMailDelivery,
  type ApiSuccess,
  type BulkUserAction,
  type BulkUserResult,
  type BulkUsersAnswer,
  type BulkUsersInput,
  type MailDelivery,
  type Position,
  type UserListFilterInput,
} from '@staff-admin/shared';
import { isReauthenticationCancelled } from '../../../components/reauthenticate/use-reauthenticated.js';
import { api } from '../../../lib/api-client.js';

/** POST /users/bulk: one action on up to BULK_USERS_MAX users, with each row's outcome. */
export async function bulkUsers(input: BulkUsersInput): Promise<BulkUsersAnswer> {
  const { data } = await api.post<ApiSuccess<BulkUsersAnswer>>('/users/bulk', input);
  return data.data;
}

/** The users an action runs on: chosen ones, or every user matching the list's filter. */
export type BulkTarget = { ids: string[] } | { filter: UserListFilterInput };

export interface BulkJob {
  action: BulkUserAction;
  /** The new role (changeRole only). */
  position?: Position;
  target: BulkTarget;
  /** How many users the target holds, as far as the site knows (the list's count for a filter). */
  total: number;
}

export interface BulkRunOutcome {
  results: BulkUserResult[];
  /** The call that failed as a whole, which ended the run. */
  error: unknown;
  /** Stopped by the user before the end. */
  stopped: boolean;
  /** What the calls said of mail delivery (runMailDelivery); null when none queued mail. */
  mailDelivery: MailDelivery | null;
}

interface RunOptions {
  /** Called after each call with how many rows have an outcome so far. */
  onProgress: (processed: number) => void;
  /** Asked before each call: true ends the run there. */
  shouldStop: () => boolean;
  /**
   * Makes each call: useReauthenticated's `run`, so a call refused for want of a recent password
   * (making someone an admin) asks for it and is made again. Closing that prompt stops the run.
   */
  send: <T>(call: () => Promise<T>) => Promise<T>;
}

/**
 * Runs a job call by call: chosen ids in chunks of BULK_USERS_MAX, or a filter by following the
 * server's cursor (`next`) until it says nothing is left, so "every user that matches" never
 * loads those users into the page. A call that fails ends the run; what was done stays done.
 */
export async function runBulkJob(
  { action, position, target }: BulkJob,
  { onProgress, shouldStop, send }: RunOptions,
): Promise<BulkRunOutcome> {
  const base = { action, ...(position ? { position } : {}) };
  const results: BulkUserResult[] = [];
  let mailDelivery: MailDelivery | null = null;
  const done = (answer: BulkUsersAnswer) => {
    results.push(...answer.results);
    if (answer.mailDelivery) mailDelivery = runMailDelivery(mailDelivery, answer.mailDelivery);
    onProgress(results.length);
  };
  const end = (error: unknown, stopped: boolean): BulkRunOutcome => ({
    results,
    error,
    stopped,
    mailDelivery,
  });
  try {
    if ('ids' in target) {
      for (let start = 0; start < target.ids.length; start += BULK_USERS_MAX) {
        if (shouldStop()) return end(null, true);
        const ids = target.ids.slice(start, start + BULK_USERS_MAX);
        done(await send(() => bulkUsers({ ...base, ids })));
      }
    } else {
      let after: string | null = null;
      do {
        if (shouldStop()) return end(null, true);
        const page = { ...base, filter: target.filter, limit: BULK_USERS_MAX };
        const answer: BulkUsersAnswer = await send(() =>
          bulkUsers({ ...page, ...(after ? { after } : {}) }),
        );
        done(answer);
        // A cursor that does not move would never end.
        after = answer.next !== null && answer.next !== after ? answer.next : null;
      } while (after !== null);
    }
    return end(null, false);
  } catch (error) {
    if (isReauthenticationCancelled(error)) return end(null, true);
    return end(error, false);
  }
}
