import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { ALERT_CHANNELS_KEY } from './get-alert-channels.js';

/** POST /monitoring/alert-channels/{id}/test: queues a test alert (202). */
async function testAlertChannel(id: string): Promise<void> {
  await api.post(`/monitoring/alert-channels/${encodeURIComponent(id)}/test`);
}

export function useTestAlertChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testAlertChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_CHANNELS_KEY }),
  });
}
