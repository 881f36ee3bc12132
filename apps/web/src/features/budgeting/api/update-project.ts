import type { ApiSuccess, Project, UpdateProjectInput } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { BUDGETING_KEY } from './keys.js';

/** PATCH /projects/{id}. */
async function updateProject({ id, ...input }: UpdateProjectInput & { id: string }) {
  const { data } = await api.patch<ApiSuccess<Project>>(
    `/projects/${encodeURIComponent(id)}`,
    input,
  );
  return data.data;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}
