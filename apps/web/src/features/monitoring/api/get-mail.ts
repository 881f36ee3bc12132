import type {
  MailKind,
  MailSortColumn,
  MailState,
  OutboxMail,
  Paginated,
  SortDirection,
} from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** One view of the mail list: what the URL of /monitoring/mail holds. */
export interface MailParams {
  state: MailState | '';
  kind: MailKind | '';
  page: number;
  limitPerPage: number;
  sortBy: MailSortColumn;
  sortDirection: SortDirection;
}

/** Every cached page of the list; invalidate it after an action. */
export const MAIL_KEY = ['monitoring', 'mail'] as const;

/** GET /monitoring/mail: one page of the outbox. */
async function getMail(
  { state, kind, ...rest }: MailParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<OutboxMail>> {
  const { data } = await api.get<Paginated<OutboxMail>>('/monitoring/mail', {
    params: { ...(state ? { state } : {}), ...(kind ? { kind } : {}), ...rest },
    signal,
  });
  return data;
}

const getMailQueryOptions = (params: MailParams) =>
  queryOptions({
    queryKey: [...MAIL_KEY, 'list', params] as const,
    queryFn: ({ signal }) => getMail(params, { signal }),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useMail(params: MailParams) {
  return useQuery(getMailQueryOptions(params));
}
