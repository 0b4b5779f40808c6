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

/** Access tokens: HS256 pinned, with issuer, audience, type and expiry all checked. */
export function createAccessTokens(deps: {
  secret: string;
  issuer: string;
  now: () => number;
}): AccessTokens {
  const key = new TextEncoder().encode(deps.secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: deps.issuer,
          audience: AUDIENCE,
          typ: TYPE,
          requiredClaims: ['exp', 'sub', 'iat'],
          currentDate: new Date(deps.now()),
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
