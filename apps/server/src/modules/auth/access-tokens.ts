import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
const ALGORITHM = 'HS256';
const AUDIENCE = 'parlo-api';
const TYPE = 'at+jwt';

export interface AccessTokens {
  issue(userId: string): Promise<{ accessToken: string; accessExpiresAt: Date }>;
  /** The user id the token was issued to, or null when the token must be refused. */
  verify(token: string): Promise<string | null>;
}

/** Verified tokens remembered, so a token's signature is checked once, not on every request. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Access tokens: HS256 pinned, with issuer, audience, type and expiry all checked. The key is
 * imported into WebCrypto once; a token that verified is remembered (bounded, oldest forgotten
 * first) with its subject and expiry, and is refused from the cache once it expires.
 */
export function createAccessTokens(deps: {
  secret: string;
  issuer: string;
  now: () => number;
}): AccessTokens {
  const key = new TextEncoder().encode(deps.secret);
  const cryptoKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const verified = new Map<string, { sub: string; expMs: number }>();
  return {
    async issue(userId) {
      const issuedAt = Math.floor(deps.now() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_MS / 1000;
      const accessToken = await new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setIssuer(deps.issuer)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { accessToken, accessExpiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token) {
      if (token.length > 4096) return null;
      const known = verified.get(token);
      if (known) return known.expMs > deps.now() ? known.sub : null;
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, {
          algorithms: [ALGORITHM],
          issuer: deps.issuer,
          audience: AUDIENCE,
          typ: TYPE,
          requiredClaims: ['exp', 'sub', 'iat'],
          currentDate: new Date(deps.now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) {
          verified.delete(verified.keys().next().value as string);
        }
        verified.set(token, { sub: payload.sub, expMs: payload.exp * 1000 });
        return payload.sub;
      } catch {
        return null;
      }
    },
  };
}
