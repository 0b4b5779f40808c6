import { z } from 'zod';
import {
  buildUrl,
  getUserInfo,
  postForm,
  type IdentityProvider,
  type ProviderEndpoints,
} from './identity-providers.ts';

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
      const user = await getUserInfo(userInfoUrl, tokens.access_token, kakaoUserSchema);
      const account = user.kakao_account;
      return {
        subject: String(user.id),
        email: account?.email ?? undefined,
        emailVerified: account?.is_email_verified === true && account.is_email_valid !== false,
        name: account?.profile?.nickname ?? undefined,
        picture: account?.profile?.profile_image_url ?? undefined,
      };
    },
  };
}
