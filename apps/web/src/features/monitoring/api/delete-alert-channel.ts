import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { ALERT_CHANNELS_KEY } from './get-alert-channels.js';

/** DELETE /monitoring/alert-channels/{id}: the channel and its delivery log. */
async function deleteAlertChannel(id: string): Promise<void> {
  await api.delete(`/monitoring/alert-channels/${encodeURIComponent(id)}`);
}

export function useDeleteAlertChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlertChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_CHANNELS_KEY }),
  });
}
