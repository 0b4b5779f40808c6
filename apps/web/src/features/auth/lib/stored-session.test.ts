import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, hasStoredSession } from '@/features/auth/lib/stored-session';
import { useAuthStore } from '@/features/auth/stores/auth-store';

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().clear();
});

describe('hasStoredSession', () => {
  it('reads what the auth store persists, without loading the store', () => {
    expect(hasStoredSession()).toBe(false);
    useAuthStore.getState().setSession({ accessToken: 'token', accessExpiresAt: '2099-01-01' });
    expect(hasStoredSession()).toBe(true);
    useAuthStore.getState().clear();
    expect(hasStoredSession()).toBe(false);
  });

  it('treats unreadable storage as no session', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: { accessToken: 42 } }));
    expect(hasStoredSession()).toBe(false);
  });
});
