import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS, createAccessTokens } from './access-tokens.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const ISSUER = 'http://localhost:3000';
const claims = { userId: 'user-1', sessionId: 'session-1' };

describe('access tokens', () => {
  it('verifies its own tokens, again from memory, until they expire', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const tokens = createAccessTokens({ secret: SECRET, issuer: ISSUER, now: () => now });
    const { accessToken } = await tokens.issue('user-1', 'session-1');
    expect(await tokens.verify(accessToken)).toEqual(claims);
    now += ACCESS_TOKEN_TTL_MS - 1_000;
    expect(await tokens.verify(accessToken)).toEqual(claims);
    now += 1_000;
    expect(await tokens.verify(accessToken)).toBeNull();
  });

  it('refuses tampered tokens and tokens of another secret or issuer', async () => {
    const now = () => Date.parse('2026-01-01T00:00:00Z');
    const tokens = createAccessTokens({ secret: SECRET, issuer: ISSUER, now });
    const { accessToken } = await tokens.issue('user-1', 'session-1');
    expect(await tokens.verify(accessToken)).toEqual(claims);
    const [header, payload, signature] = accessToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'x' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${accessToken}x`)).toBeNull();
    const other = createAccessTokens({ secret: `${SECRET}-other`, issuer: ISSUER, now });
    expect(await other.verify(accessToken)).toBeNull();
    const elsewhere = createAccessTokens({ secret: SECRET, issuer: 'https://evil.example', now });
    expect(await elsewhere.verify(accessToken)).toBeNull();
  });

  it('refuses a token that names no sign-in session', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const tokens = createAccessTokens({ secret: SECRET, issuer: ISSUER, now: () => now });
    const unbound = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience('parlo-api')
      .setSubject('user-1')
      .setIssuedAt(now / 1000)
      .setExpirationTime(now / 1000 + 600)
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(unbound)).toBeNull();
  });
});
