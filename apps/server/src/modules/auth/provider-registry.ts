import { PROVIDERS, type Provider } from '@parlo/contract/constants';
import type { Config } from '../../config/env.ts';
import type { IdentityProvider, ProviderEndpoints } from './identity-providers.ts';
import { kakaoProvider } from './kakao-provider.ts';
import { googleProvider, lineProvider } from './oidc-providers.ts';

export type ProviderRegistry = Partial<Record<Provider, IdentityProvider>>;

type ProviderConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'DEV_SIGNIN'
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_AUTHORIZE_URL'
  | 'GOOGLE_TOKEN_URL'
  | 'GOOGLE_JWKS_URL'
  | 'GOOGLE_USERINFO_URL'
  | 'GOOGLE_ISSUER'
  | 'KAKAO_CLIENT_ID'
  | 'KAKAO_CLIENT_SECRET'
  | 'KAKAO_AUTHORIZE_URL'
  | 'KAKAO_TOKEN_URL'
  | 'KAKAO_USERINFO_URL'
  | 'LINE_CHANNEL_ID'
  | 'LINE_CHANNEL_SECRET'
  | 'LINE_AUTHORIZE_URL'
  | 'LINE_TOKEN_URL'
  | 'LINE_JWKS_URL'
  | 'LINE_USERINFO_URL'
  | 'LINE_ISSUER'
>;

export const devIssuer = (publicUrl: string) => `${publicUrl}/dev-oauth`;

/**
 * The development provider's endpoints for one provider. Browsers reach the authorize page at
 * PUBLIC_URL; the server reaches the token, key and user endpoints on its own listening address,
 * which is known only once it listens.
 */
function devEndpoints(provider: Provider, publicUrl: string, internalUrl: () => string) {
  return {
    clientId: `parlo-dev-${provider}`,
    clientSecret: `parlo-dev-${provider}-secret`,
    authorizeUrl: `${publicUrl}/dev-oauth/authorize?provider=${provider}`,
    get tokenUrl() {
      return `${internalUrl()}/dev-oauth/token`;
    },
    get jwksUrl() {
      return `${internalUrl()}/dev-oauth/jwks`;
    },
    get userInfoUrl() {
      return `${internalUrl()}/dev-oauth/userinfo`;
    },
    issuers: [devIssuer(publicUrl)],
  } satisfies ProviderEndpoints;
}

/**
 * One identity provider per name: the real endpoints when client credentials are set (each
 * overridable for tests), the development provider when they are not and DEV_SIGNIN is on, and
 * none otherwise (sign-in with it is refused).
 */
export function createProviderRegistry(
  config: ProviderConfig,
  internalUrl: () => string,
): ProviderRegistry {
  const registry: ProviderRegistry = {};
  const dev = (provider: Provider) =>
    config.DEV_SIGNIN ? devEndpoints(provider, config.PUBLIC_URL, internalUrl) : undefined;

  const google: ProviderEndpoints | undefined =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? {
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          authorizeUrl:
            config.GOOGLE_AUTHORIZE_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenUrl: config.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
          jwksUrl: config.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
          userInfoUrl:
            config.GOOGLE_USERINFO_URL ?? 'https://openidconnect.googleapis.com/v1/userinfo',
          issuers: config.GOOGLE_ISSUER
            ? [config.GOOGLE_ISSUER]
            : ['https://accounts.google.com', 'accounts.google.com'],
        }
      : dev('google');
  if (google) registry.google = googleProvider(google);

  const kakao: ProviderEndpoints | undefined = config.KAKAO_CLIENT_ID
    ? {
        clientId: config.KAKAO_CLIENT_ID,
        clientSecret: config.KAKAO_CLIENT_SECRET ?? '',
        authorizeUrl: config.KAKAO_AUTHORIZE_URL ?? 'https://kauth.kakao.com/oauth/authorize',
        tokenUrl: config.KAKAO_TOKEN_URL ?? 'https://kauth.kakao.com/oauth/token',
        userInfoUrl: config.KAKAO_USERINFO_URL ?? 'https://kapi.kakao.com/v2/user/me',
      }
    : dev('kakao');
  if (kakao) registry.kakao = kakaoProvider(kakao);

  const line: ProviderEndpoints | undefined =
    config.LINE_CHANNEL_ID && config.LINE_CHANNEL_SECRET
      ? {
          clientId: config.LINE_CHANNEL_ID,
          clientSecret: config.LINE_CHANNEL_SECRET,
          authorizeUrl: config.LINE_AUTHORIZE_URL ?? 'https://access.line.me/oauth2/v2.1/authorize',
          tokenUrl: config.LINE_TOKEN_URL ?? 'https://api.line.me/oauth2/v2.1/token',
          ...(config.LINE_JWKS_URL ? { jwksUrl: config.LINE_JWKS_URL } : {}),
          userInfoUrl: config.LINE_USERINFO_URL ?? 'https://api.line.me/oauth2/v2.1/userinfo',
          issuers: [config.LINE_ISSUER ?? 'https://access.line.me'],
          emailVerifiedByDefault: true,
        }
      : dev('line');
  if (line) registry.line = lineProvider(line);

  return registry;
}

/** The providers people can sign in with, in the contract's order (the sign-in page's buttons). */
export function enabledProviders(registry: ProviderRegistry): Provider[] {
  return PROVIDERS.filter((provider) => registry[provider] !== undefined);
}
