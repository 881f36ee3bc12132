import type { ApiSuccess, OutboxMail } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { MAIL_KEY } from './get-mail.js';

/** POST /monitoring/mail/test: a test mail to the signed-in admin's own address. */
async function sendTestMail(): Promise<OutboxMail> {
  const { data } = await api.post<ApiSuccess<OutboxMail>>('/monitoring/mail/test');
  return data.data;
}

export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAIL_KEY }),
  });
}
