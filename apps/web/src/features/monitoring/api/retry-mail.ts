import type { ApiSuccess, OutboxMail } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { MAIL_KEY } from './get-mail.js';

/** POST /monitoring/mail/{id}/retry: a failed or retrying mail is due now. */
async function retryMail(id: string): Promise<OutboxMail> {
  const { data } = await api.post<ApiSuccess<OutboxMail>>(
    `/monitoring/mail/${encodeURIComponent(id)}/retry`,
  );
  return data.data;
}

/** The list is loaded again afterwards, also after a 409 (the mail moved on meanwhile). */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MAIL_KEY }),
  });
}
