import type {
  AlertChannel,
  ApiSuccess,
  CreateAlertChannelInput,
  CreatedAlertChannel,
  UpdateAlertChannelInput,
} from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { ALERT_CHANNELS_KEY } from './get-alert-channels.js';

/** POST /monitoring/alert-channels: a webhook's answer carries its secret, this once. */
async function createAlertChannel(input: CreateAlertChannelInput): Promise<CreatedAlertChannel> {
  const { data } = await api.post<ApiSuccess<CreatedAlertChannel>>(
    '/monitoring/alert-channels',
    input,
  );
  return data.data;
}

/** PATCH /monitoring/alert-channels/{id}. */
async function updateAlertChannel({
  id,
  changes,
}: {
  id: string;
  changes: UpdateAlertChannelInput;
}): Promise<AlertChannel> {
  const { data } = await api.patch<ApiSuccess<AlertChannel>>(
    `/monitoring/alert-channels/${encodeURIComponent(id)}`,
    changes,
  );
  return data.data;
}

export function useCreateAlertChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlertChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_CHANNELS_KEY }),
  });
}

export function useUpdateAlertChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_CHANNELS_KEY }),
  });
}
