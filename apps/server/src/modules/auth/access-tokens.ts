import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
const ALGORITHM = 'HS256';
const AUDIENCE = 'parlo-api';
const TYPE = 'at+jwt';

/** Whom a valid access token speaks for, and which sign-in it belongs to. */
export interface AccessClaims {
  userId: string;
  /**
   * The sign-in session (the refresh-token family) the token was issued in: ending that
   * session (sign-out, theft detection) revokes it, and with it every access token it issued.
   */
  sessionId: string;
}

export interface AccessTokens {
  issue(userId: string, sessionId: string): Promise<{ accessToken: string; accessExpiresAt: Date }>;
  /**
   * The claims of a token that verifies, or null when it must be refused. Whether its session
   * was revoked since is the caller's check (`Broker.isSessionRevoked`).
   */
  verify(token: string): Promise<AccessClaims | null>;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** The token of an `Authorization: Bearer …` header, if it has that form. */
export const bearerTokenOf = (authorization: string | undefined) =>
  BEARER.exec(authorization ?? '')?.[1];

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
  const verified = new Map<string, { claims: AccessClaims; expMs: number }>();
  return {
    async issue(userId, sessionId) {
      const issuedAt = Math.floor(deps.now() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_MS / 1000;
      const accessToken = await new SignJWT({ sid: sessionId })
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
      if (known) return known.expMs > deps.now() ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, {
          algorithms: [ALGORITHM],
          issuer: deps.issuer,
          audience: AUDIENCE,
          typ: TYPE,
          requiredClaims: ['exp', 'sub', 'iat', 'sid'],
          currentDate: new Date(deps.now()),
        });
        const { sub, exp, sid } = payload;
        if (typeof sub !== 'string' || typeof exp !== 'number' || typeof sid !== 'string') {
          return null;
        }
        if (verified.size >= VERIFIED_CACHE_SIZE) {
          verified.delete(verified.keys().next().value as string);
        }
        const claims = { userId: sub, sessionId: sid };
        verified.set(token, { claims, expMs: exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
