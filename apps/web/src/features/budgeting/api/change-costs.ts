import type { ApiSuccess, CostEntry, CreateCostInput, UpdateCostInput } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { BUDGETING_KEY } from './keys.js';

/** POST /projects/{id}/costs. */
async function createCost({ projectId, input }: { projectId: string; input: CreateCostInput }) {
  const { data } = await api.post<ApiSuccess<CostEntry>>(
    `/projects/${encodeURIComponent(projectId)}/costs`,
    input,
  );
  return data.data;
}

/** PATCH /costs/{id}: labour keeps its stored rate unless its person or day changes. */
async function updateCost({ id, input }: { id: string; input: UpdateCostInput }) {
  const { data } = await api.patch<ApiSuccess<CostEntry>>(
    `/costs/${encodeURIComponent(id)}`,
    input,
  );
  return data.data;
}

/** DELETE /costs/{id}. */
async function deleteCost(id: string) {
  await api.delete(`/costs/${encodeURIComponent(id)}`);
}

export function useCreateCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCost,
    // After a refusal too: a month closed meanwhile shows in the list and the dialog.
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}

export function useDeleteCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}

export function useUpdateCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}
