import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Removes the account and its personal data; the server also revokes every refresh token. */
export function deleteAccount(): Promise<void> {
  return apiClient.delete<void>('/api/v1/users/me');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
