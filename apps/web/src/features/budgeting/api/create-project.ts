import type { ApiSuccess, CreateProjectInput, Project } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { BUDGETING_KEY } from './keys.js';

/** POST /projects: a project with its first budget. */
async function createProject(input: CreateProjectInput): Promise<Project> {
  const { data } = await api.post<ApiSuccess<Project>>('/projects', input);
  return data.data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}
