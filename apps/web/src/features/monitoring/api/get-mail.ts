import {
  MAIL_KINDS,
  MAIL_LIST_DEFAULT_SORT,
  MAIL_SORT_COLUMNS,
  MAIL_STATES,
  type OutboxMail,
  type Paginated,
  MAIL_STATE_LABELS,
  MAIL_KIND_LABELS,
} from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { listView, oneOfParam, type ParamsOf } from '../../../lib/list-params.js';

/** The mail list's view in the URL of /monitoring/mail (`listMailQuerySchema`). */
export const MAIL_LIST = listView({
  filters: {
    state: oneOfParam(MAIL_STATES, MAIL_STATE_LABELS),
    kind: oneOfParam(MAIL_KINDS, MAIL_KIND_LABELS),
  },
  sort: { columns: MAIL_SORT_COLUMNS, default: MAIL_LIST_DEFAULT_SORT, first: 'DESC' },
});
export type MailParams = ParamsOf<typeof MAIL_LIST>;

/** Every cached page of the list; invalidate it after an action. */
export const MAIL_KEY = ['monitoring', 'mail'] as const;

/** The list is loaded again this often while a mail it shows is on its way. */
export const MAIL_FOLLOW_MS = 2_000;

/** The mail an admin has just retried, and its attempts then: its try is over when they change. */
export interface RetriedMail {
  id: string;
  attempts: number;
}

/**
 * A mail whose row is about to change by itself: queued or being sent, or just retried and not
 * yet tried again (it shows "Retrying" until the worker has tried it, which ends as sent, as
 * failed, or with one attempt more).
 */
export function isOnItsWay(mail: OutboxMail, retried: RetriedMail | null): boolean {
  if (mail.state === 'queued' || mail.state === 'sending') return true;
  return mail.state === 'retrying' && mail.id === retried?.id && mail.attempts === retried.attempts;
}

/** GET /monitoring/mail: one page of the outbox. */
async function getMail(
  params: MailParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<OutboxMail>> {
  const { data } = await api.get<Paginated<OutboxMail>>('/monitoring/mail', {
    params: MAIL_LIST.apiQuery(params),
    signal,
  });
  return data;
}

const getMailQueryOptions = (params: MailParams, retried: RetriedMail | null) =>
  queryOptions({
    queryKey: [...MAIL_KEY, 'list', params] as const,
    queryFn: ({ signal }) => getMail(params, { signal }),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
    // The worker sends in the background: a row on its way is followed until it settles, so a
    // retried or test mail does not stay "Sending" until the page is loaded again.
    refetchInterval: (query) =>
      query.state.data?.data.some((mail) => isOnItsWay(mail, retried)) ? MAIL_FOLLOW_MS : false,
  });

/** One page of the outbox; `retried`: the mail just retried, followed until its try is over. */
export function useMail(params: MailParams, retried: RetriedMail | null = null) {
  return useQuery(getMailQueryOptions(params, retried));
}
