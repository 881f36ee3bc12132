import type { ApiSuccess, BudgetRevision, CreateBudgetRevisionInput } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { BUDGETING_KEY } from './keys.js';

/** POST /projects/{id}/budget-revisions: a new budget with its reason. */
async function reviseBudget({
  projectId,
  input,
}: {
  projectId: string;
  input: CreateBudgetRevisionInput;
}) {
  const { data } = await api.post<ApiSuccess<BudgetRevision>>(
    `/projects/${encodeURIComponent(projectId)}/budget-revisions`,
    input,
  );
  return data.data;
}

export function useReviseBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviseBudget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}
