import type { Provider } from '@parlo/contract/constants';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

/** What Parlo learns about a person from their provider. */
export interface Identity {
  subject: string;
  email?: string;
  /** The provider vouches that the person owns `email`. */
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

export interface AuthorizeInput {
  state: string;
  codeChallenge: string;
  nonce: string;
  redirectUri: string;
}

export interface ExchangeInput {
  code: string;
  codeVerifier?: string;
  redirectUri: string;
  nonce?: string;
}

export interface IdentityProvider {
  name: Provider;
  authorizeUrl(input: AuthorizeInput): string;
  exchange(input: ExchangeInput): Promise<Identity>;
}

/** The provider refused the code, or its answer could not be trusted. */
export class ProviderExchangeError extends Error {}

export interface ProviderEndpoints {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** OIDC providers: where the ID token's signing keys are published. */
  jwksUrl?: string;
  /** Accepted `iss` values of ID tokens. */
  issuers?: string[];
  /** Kakao: the user endpoint read with the access token. */
  userInfoUrl?: string;
  /**
   * What an ID token without `email_verified` means. LINE sends no such claim: the address it
   * hands out is the one confirmed in the LINE account, so LINE counts it verified.
   */
  emailVerifiedByDefault?: boolean;
}

const HTTP_TIMEOUT_MS = 10_000;

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  id_token: z.string().min(1).optional(),
});

/** `email_verified` is a boolean in the standard; some providers send "true" / "false". */
const verifiedFlag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .optional();

const idTokenClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: verifiedFlag,
  name: z.string().max(200).optional(),
  picture: z.string().max(2048).optional(),
  nonce: z.string().optional(),
});

const kakaoUserSchema = z.object({
  id: z.union([z.number(), z.string()]),
  kakao_account: z
    .object({
      email: z.string().max(254).optional().nullable(),
      is_email_verified: z.boolean().optional().nullable(),
      /** False once the address stopped working (expired, or taken by another account). */
      is_email_valid: z.boolean().optional().nullable(),
      profile: z
        .object({
          nickname: z.string().max(200).optional().nullable(),
          profile_image_url: z.string().max(2048).optional().nullable(),
        })
        .optional()
        .nullable(),
    })
    .optional()
    .nullable(),
});

async function postForm(url: string, form: Record<string, string | undefined>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new ProviderExchangeError('The provider could not be reached');
  }
  if (!res.ok) throw new ProviderExchangeError(`The provider refused the code (${res.status})`);
  const parsed = tokenResponseSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new ProviderExchangeError('The provider answered without a token');
  return parsed.data;
}

function buildUrl(base: string, params: Record<string, string | undefined>) {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

interface IdTokenKey {
  key: JWTVerifyGetKey | Uint8Array;
  algorithms: string[];
}

async function verifyIdToken(
  idToken: string,
  e: ProviderEndpoints,
  key: IdTokenKey,
  nonce: string | undefined,
): Promise<Identity> {
  let payload: unknown;
  try {
    const options = {
      algorithms: key.algorithms,
      audience: e.clientId,
      ...(e.issuers ? { issuer: e.issuers } : {}),
      requiredClaims: ['exp', 'iat', 'sub'],
    };
    const result =
      key.key instanceof Uint8Array
        ? await jwtVerify(idToken, key.key, options)
        : await jwtVerify(idToken, key.key, options);
    payload = result.payload;
  } catch {
    throw new ProviderExchangeError('The ID token did not verify');
  }
  const claims = idTokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw new ProviderExchangeError('The ID token lacks required claims');
  // The nonce binds the token to the browser that started this sign-in.
  if (!nonce || claims.data.nonce !== nonce) {
    throw new ProviderExchangeError('The ID token nonce does not match');
  }
  return {
    subject: claims.data.sub,
    email: claims.data.email,
    emailVerified: claims.data.email_verified ?? e.emailVerifiedByDefault ?? false,
    name: claims.data.name,
    picture: claims.data.picture,
  };
}

function jwksKey(e: ProviderEndpoints): IdTokenKey {
  // Created on first use: the development provider's address is known only once Parlo listens.
  let remote: JWTVerifyGetKey | undefined;
  const getKey: JWTVerifyGetKey = (header, token) => {
    if (!e.jwksUrl) throw new ProviderExchangeError('No JWKS URL is configured');
    remote ??= createRemoteJWKSet(new URL(e.jwksUrl), { timeoutDuration: HTTP_TIMEOUT_MS });
    return remote(header, token);
  };
  return { key: getKey, algorithms: ['RS256', 'ES256'] };
}

/** An OpenID Connect provider: authorization code with PKCE, then a verified ID token. */
function oidcProvider(
  name: 'google' | 'line',
  e: ProviderEndpoints,
  key: IdTokenKey,
  authorizeParams: Record<string, string>,
): IdentityProvider {
  return {
    name,
    authorizeUrl: (i) =>
      buildUrl(e.authorizeUrl, {
        response_type: 'code',
        client_id: e.clientId,
        redirect_uri: i.redirectUri,
        ...authorizeParams,
        state: i.state,
        nonce: i.nonce,
        code_challenge: i.codeChallenge,
        code_challenge_method: 'S256',
      }),
    async exchange(i) {
      const tokens = await postForm(e.tokenUrl, {
        grant_type: 'authorization_code',
        code: i.code,
        redirect_uri: i.redirectUri,
        client_id: e.clientId,
        client_secret: e.clientSecret,
        code_verifier: i.codeVerifier,
      });
      if (!tokens.id_token) throw new ProviderExchangeError(`${name} answered without an ID token`);
      return verifyIdToken(tokens.id_token, e, key, i.nonce);
    },
  };
}

/** Google: OpenID Connect with PKCE, offline access and a consent prompt. */
export function googleProvider(e: ProviderEndpoints): IdentityProvider {
  return oidcProvider('google', e, jwksKey(e), {
    scope: 'openid profile email',
    access_type: 'offline',
    prompt: 'consent',
  });
}

/** Line: OpenID Connect; web-login ID tokens are HS256 with the channel secret unless a JWKS is set. */
export function lineProvider(e: ProviderEndpoints): IdentityProvider {
  const key: IdTokenKey = e.jwksUrl
    ? jwksKey(e)
    : { key: new TextEncoder().encode(e.clientSecret), algorithms: ['HS256'] };
  return oidcProvider('line', e, key, { scope: 'profile openid email' });
}

/** Kakao: authorization code with PKCE, then the user endpoint read with the access token. */
export function kakaoProvider(e: ProviderEndpoints): IdentityProvider {
  const userInfoUrl = e.userInfoUrl;
  if (!userInfoUrl) throw new Error('Kakao needs a user endpoint');
  return {
    name: 'kakao',
    authorizeUrl: (i) =>
      buildUrl(e.authorizeUrl, {
        response_type: 'code',
        client_id: e.clientId,
        redirect_uri: i.redirectUri,
        state: i.state,
        code_challenge: i.codeChallenge,
        code_challenge_method: 'S256',
      }),
    async exchange(i) {
      const tokens = await postForm(e.tokenUrl, {
        grant_type: 'authorization_code',
        code: i.code,
        redirect_uri: i.redirectUri,
        client_id: e.clientId,
        client_secret: e.clientSecret,
        code_verifier: i.codeVerifier,
      });
      let res: Response;
      try {
        res = await fetch(userInfoUrl, {
          headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
      } catch {
        throw new ProviderExchangeError('Kakao could not be reached');
      }
      if (!res.ok) throw new ProviderExchangeError(`Kakao refused the token (${res.status})`);
      const user = kakaoUserSchema.safeParse(await res.json().catch(() => null));
      if (!user.success) throw new ProviderExchangeError('Kakao answered without a user');
      const account = user.data.kakao_account;
      return {
        subject: String(user.data.id),
        email: account?.email ?? undefined,
        emailVerified: account?.is_email_verified === true && account.is_email_valid !== false,
        name: account?.profile?.nickname ?? undefined,
        picture: account?.profile?.profile_image_url ?? undefined,
      };
    },
  };
}
