import type { ApiSuccess, UpdateProfileInput, User } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { profileQueryOptions } from '../../../lib/auth.js';

/** PATCH /users/profile: the signed-in user's own name and picture. */
export async function updateProfile(input: UpdateProfileInput): Promise<User> {
  const { data } = await api.patch<ApiSuccess<User>>('/users/profile', input);
  return data.data;
}

/**
 * Saves the profile, puts the answer in the current-user cache at once (the header shows the
 * new name and picture without a reload) and then refetches it (SPEC §7).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      const { queryKey } = profileQueryOptions();
      queryClient.setQueryData(queryKey, user);
      await queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });
}
