import { queryOptions } from '@tanstack/react-query';
import type { User } from '@parlo/contract/users';
import { apiClient } from '@/lib/api-client';

// Shared by every feature that needs the signed-in user (greeting, current language, blocked
// page), so it lives in lib rather than in the auth feature.
export const currentUserQueryKey = ['users', 'me'] as const;

// Typed by the contract but not parsed here: the server validates its answers against the same
// schema, and keeping zod out of the first bundle keeps the landing page light.
export function getCurrentUser(): Promise<User> {
  return apiClient.get<User>('/api/v1/users/me');
}

/** Loaded at start-up by the session restore; features invalidate it after changing the user. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    staleTime: Infinity,
  });
}

/** The name to show: the profile name, else the part of the username before the at-sign. */
export function displayName(user: Pick<User, 'username' | 'profile'>): string {
  const name = user.profile?.name.trim();
  if (name) return name;
  return user.username.split('@')[0] || user.username;
}

/** The picture to show: the profile photo, else the one from the sign-in provider. */
export function avatarUrl(user: Pick<User, 'imageUrl' | 'profile'>): string | null {
  return user.profile?.imageUrl ?? user.imageUrl;
}
