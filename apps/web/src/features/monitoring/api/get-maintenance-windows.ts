import type { ApiSuccess, MaintenanceWindow, MaintenanceWindowBody } from '@staff-admin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { ALERTS_KEY } from './get-alert-rules.js';

const WINDOWS_KEY = [...ALERTS_KEY, 'maintenance-windows'] as const;

/** GET /monitoring/maintenance-windows: those not over yet, and those of the last day. */
export function useMaintenanceWindows() {
  return useQuery({
    queryKey: WINDOWS_KEY,
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ApiSuccess<MaintenanceWindow[]>>(
        '/monitoring/maintenance-windows',
        { signal },
      );
      return data.data;
    },
  });
}

/** POST /monitoring/maintenance-windows. */
export function useAddMaintenanceWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<MaintenanceWindowBody>) => {
      const { data } = await api.post<ApiSuccess<MaintenanceWindow>>(
        '/monitoring/maintenance-windows',
        body,
      );
      return data.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WINDOWS_KEY }),
  });
}

/** DELETE /monitoring/maintenance-windows/{id}. */
export function useDeleteMaintenanceWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/monitoring/maintenance-windows/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WINDOWS_KEY }),
  });
}
