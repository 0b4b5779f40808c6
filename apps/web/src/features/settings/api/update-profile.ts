import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@parlo/contract/profiles';
import type { User } from '@parlo/contract/users';
import { apiClient } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

/** 400 'Invalid profile data' with per-field keys in `fields`; 404 when there is no profile. */
export function updateProfile(body: UpdateProfileBody): Promise<Profile> {
  return apiClient.put<Profile>('/api/v1/profiles/me', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      // The header shows the name at once; the refetch then confirms the whole user.
      queryClient.setQueryData<User>(currentUserQueryKey, (user) =>
        user ? { ...user, profile } : user,
      );
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
