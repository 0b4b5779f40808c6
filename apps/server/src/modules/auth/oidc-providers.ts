import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import {
  buildUrl,
  getUserInfo,
  postForm,
  ProviderExchangeError,
  type Identity,
  type IdentityProvider,
  type ProviderEndpoints,
} from './identity-providers.ts';

const HTTP_TIMEOUT_MS = 10_000;

/** `email_verified` is a boolean in the standard; some providers send "true" / "false". */
const verifiedFlag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .optional();

/** The profile claims an ID token or a userinfo answer may carry (OIDC Core §5.1). */
const profileClaims = {
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: verifiedFlag,
  name: z.string().max(200).optional(),
  picture: z.string().max(2048).optional(),
};

const idTokenClaimsSchema = z.object({ ...profileClaims, nonce: z.string().optional() });
type ProfileClaims = z.infer<typeof idTokenClaimsSchema>;

// A userinfo answer may say null for a claim it does not have.
const userInfoSchema = z
  .object({
    sub: profileClaims.sub,
    email: profileClaims.email.nullable(),
    email_verified: verifiedFlag.nullable(),
    name: profileClaims.name.nullable(),
    picture: profileClaims.picture.nullable(),
  })
  .transform((info) => ({
    sub: info.sub,
    email: info.email ?? undefined,
    email_verified: info.email_verified ?? undefined,
    name: info.name ?? undefined,
    picture: info.picture ?? undefined,
  }));

interface IdTokenKey {
  key: JWTVerifyGetKey | Uint8Array;
  algorithms: string[];
}

async function verifyIdToken(
  idToken: string,
  e: ProviderEndpoints,
  key: IdTokenKey,
  nonce: string | undefined,
): Promise<ProfileClaims> {
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
  return claims.data;
}

/**
 * The person, from the verified ID token, completed from the userinfo endpoint when the token
 * leaves out the email or the name (standards-strict providers put them only there). The
 * userinfo answer must be about the token's subject (OIDC Core §5.3.2).
 */
async function identityOf(
  claims: ProfileClaims,
  accessToken: string,
  e: ProviderEndpoints,
): Promise<Identity> {
  let info: z.infer<typeof userInfoSchema> | undefined;
  if ((!claims.email || !claims.name) && e.userInfoUrl) {
    info = await getUserInfo(e.userInfoUrl, accessToken, userInfoSchema);
    if (info.sub !== claims.sub) {
      throw new ProviderExchangeError('The user endpoint answered for someone else');
    }
  }
  // The address and whether it was verified always come from the same answer.
  const mail = claims.email ? claims : info?.email ? info : undefined;
  return {
    subject: claims.sub,
    email: mail?.email,
    emailVerified: mail ? (mail.email_verified ?? e.emailVerifiedByDefault ?? false) : false,
    name: claims.name ?? info?.name,
    picture: claims.picture ?? info?.picture,
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
  params: { authorize: Record<string, string>; token?: Record<string, string> },
): IdentityProvider {
  return {
    name,
    authorizeUrl: (i) =>
      buildUrl(e.authorizeUrl, {
        response_type: 'code',
        client_id: e.clientId,
        redirect_uri: i.redirectUri,
        ...params.authorize,
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
        ...params.token,
      });
      if (!tokens.id_token) throw new ProviderExchangeError(`${name} answered without an ID token`);
      const claims = await verifyIdToken(tokens.id_token, e, key, i.nonce);
      return identityOf(claims, tokens.access_token, e);
    },
  };
}

/** Google: OpenID Connect with PKCE, offline access and a consent prompt. */
export function googleProvider(e: ProviderEndpoints): IdentityProvider {
  return oidcProvider('google', e, jwksKey(e), {
    authorize: { scope: 'openid profile email', access_type: 'offline', prompt: 'consent' },
  });
}

/**
 * Line: OpenID Connect. Web-login ID tokens are HS256 with the channel secret; with a JWKS
 * (RS256/ES256 keys) LINE signs with those only when the token request asks for
 * `id_token_key_type=JWK`.
 */
export function lineProvider(e: ProviderEndpoints): IdentityProvider {
  const authorize = { scope: 'profile openid email' };
  return e.jwksUrl
    ? oidcProvider('line', e, jwksKey(e), { authorize, token: { id_token_key_type: 'JWK' } })
    : oidcProvider(
        'line',
        e,
        { key: new TextEncoder().encode(e.clientSecret), algorithms: ['HS256'] },
        { authorize },
      );
}
