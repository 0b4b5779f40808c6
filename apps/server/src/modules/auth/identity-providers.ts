import type { Provider } from '@parlo/contract/constants';
import { z } from 'zod';

/**
 * What every identity provider shares: the shape of a provider, its endpoints, and the two HTTP
 * calls of a sign-in (the code exchange, and a user endpoint read with the access token). The
 * providers themselves are in oidc-providers.ts (Google, LINE) and kakao-provider.ts.
 */

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
  /**
   * The user endpoint read with the access token: Kakao's only source of the person, and where
   * an OIDC provider puts the email and name its ID token leaves out.
   */
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

/** The authorization-code exchange at the token endpoint. */
export async function postForm(url: string, form: Record<string, string | undefined>) {
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

/** A user endpoint read with the access token, its JSON answer parsed with `schema`. */
export async function getUserInfo<T extends z.ZodType>(
  url: string,
  accessToken: string,
  schema: T,
): Promise<z.infer<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new ProviderExchangeError('The user endpoint could not be reached');
  }
  if (!res.ok)
    throw new ProviderExchangeError(`The user endpoint refused the token (${res.status})`);
  const parsed = schema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new ProviderExchangeError('The user endpoint answered without a user');
  return parsed.data;
}

export function buildUrl(base: string, params: Record<string, string | undefined>) {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
