import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectApiAuth } from '@/features/auth/lib/access-token';
import { PENDING_SIGN_IN_KEY, type PendingSignIn } from '@/features/auth/lib/pending-sign-in';
import { createCodeChallenge } from '@/features/auth/lib/pkce';
import { startSignIn } from '@/features/auth/lib/start-sign-in';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { fakeApi, json } from '@/features/auth/testing/fake-api';

const AUTHORIZE = 'GET /api/v1/auth/oauth/kakao/authorize-url';
const providerPage = 'http://localhost:3000/dev-oauth/authorize?provider=kakao';

const stored = () =>
  JSON.parse(sessionStorage.getItem(PENDING_SIGN_IN_KEY) ?? 'null') as PendingSignIn | null;

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sessionStorage.clear();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
  // A leftover session must not put a Bearer token on this call.
  useAuthStore.setState({ accessToken: 'old', accessExpiresAt: '2099-01-01T00:00:00Z' });
  connectApiAuth();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startSignIn', () => {
  it('keeps state, verifier and nonce for the callback and sends only the challenge', async () => {
    const api = fakeApi({ [AUTHORIZE]: () => json(200, { url: providerPage }) });
    await startSignIn('kakao', '/search?language=en');

    const pending = stored();
    expect(pending).toMatchObject({ provider: 'kakao', returnTo: '/search?language=en' });
    expect(pending?.state).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(pending?.nonce).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(pending?.codeVerifier).toMatch(/^[A-Za-z0-9._~-]{64}$/);

    const [call] = api.callsTo(AUTHORIZE);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      state: pending?.state,
      nonce: pending?.nonce,
      codeChallenge: await createCodeChallenge(pending?.codeVerifier ?? ''),
    });
    expect(call?.url.searchParams.has('codeVerifier')).toBe(false);
    expect(call?.bearer).toBeUndefined();
    expect(assign).toHaveBeenCalledWith(providerPage);
  });

  it('uses fresh values for every attempt, keeping only the latest', async () => {
    fakeApi({ [AUTHORIZE]: () => json(200, { url: providerPage }) });
    await startSignIn('kakao');
    const first = stored();
    await startSignIn('kakao');
    const second = stored();
    expect(second?.state).not.toBe(first?.state);
    expect(second?.codeVerifier).not.toBe(first?.codeVerifier);
    expect(second?.nonce).not.toBe(first?.nonce);
  });

  it.each([
    ['no returnTo', undefined],
    ['another site', '//evil.example/steal'],
    ['a backslash trick', '/\\evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['the sign-in page itself', '/auth/signin'],
    ['the landing page', '/'],
  ])('keeps no returnTo for %s', async (_name, returnTo) => {
    fakeApi({ [AUTHORIZE]: () => json(200, { url: providerPage }) });
    await startSignIn('kakao', returnTo);
    expect(stored()?.returnTo).toBeNull();
  });

  it('rejects and keeps nothing when the authorization address cannot be fetched', async () => {
    fakeApi({ [AUTHORIZE]: () => json(500, { code: 500, message: '' }) });
    await expect(startSignIn('kakao')).rejects.toMatchObject({ code: 500 });
    expect(stored()).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
