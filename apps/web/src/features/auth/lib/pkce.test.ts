import { describe, expect, it } from 'vitest';
import { createCodeChallenge, createCodeVerifier, randomUrlToken } from '@/features/auth/lib/pkce';

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    await expect(createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes 64-character verifiers from the unreserved characters only', () => {
    const verifiers = Array.from({ length: 50 }, () => createCodeVerifier());
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9._~-]{64}$/);
    expect(new Set(verifiers).size).toBe(verifiers.length);
  });

  it('gives a 43-character base64url challenge for any verifier', async () => {
    const challenge = await createCodeChallenge(createCodeVerifier());
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes unguessable base64url states and nonces of at least 32 characters', () => {
    const tokens = Array.from({ length: 50 }, () => randomUrlToken());
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(token.length).toBeGreaterThanOrEqual(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
