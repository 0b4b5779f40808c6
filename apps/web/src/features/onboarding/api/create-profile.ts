import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProfileBody, Profile } from '@parlo/contract/profiles';
import { apiClient } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

/** Creates the signed-in user's profile; a 400 names the broken rule per field in `fields`. */
export function createProfile(body: CreateProfileBody): Promise<Profile> {
  return apiClient.post<Profile>('/api/v1/profiles/me', body);
}

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
