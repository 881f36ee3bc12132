import type { AlertChannel, ApiSuccess, Paginated, WebhookDelivery } from '@staff-admin/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** Every cached channel list and delivery log; invalidate it after a change. */
export const ALERT_CHANNELS_KEY = ['monitoring', 'alert-channels'] as const;

/** GET /monitoring/alert-channels: every channel the caller may manage. */
async function getAlertChannels({ signal }: { signal?: AbortSignal } = {}): Promise<
  AlertChannel[]
> {
  const { data } = await api.get<ApiSuccess<AlertChannel[]>>('/monitoring/alert-channels', {
    signal,
  });
  return data.data;
}

export function useAlertChannels() {
  return useQuery(
    queryOptions({
      queryKey: [...ALERT_CHANNELS_KEY, 'list'] as const,
      queryFn: ({ signal }) => getAlertChannels({ signal }),
    }),
  );
}

/** GET /monitoring/alert-channels/{id}/deliveries: a webhook's delivery log, newest first. */
async function getAlertChannelDeliveries(
  id: string,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<WebhookDelivery>> {
  const { data } = await api.get<Paginated<WebhookDelivery>>(
    `/monitoring/alert-channels/${encodeURIComponent(id)}/deliveries`,
    { params: { page }, signal },
  );
  return data;
}

export function useAlertChannelDeliveries(id: string | null, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...ALERT_CHANNELS_KEY, 'deliveries', id, page] as const,
      queryFn: ({ signal }) => getAlertChannelDeliveries(id ?? '', page, { signal }),
      enabled: id !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
