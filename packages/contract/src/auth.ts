import { z } from 'zod';
import { PROVIDERS } from './constants.ts';
import { storableText } from './text.ts';

export const providerSchema = z.enum(PROVIDERS);

/** Printable ASCII only: OAuth codes, states and verifiers never carry anything else. */
const oauthToken = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x21-\x7e]*$/, 'must be printable ASCII');

// `provider` and `code` are checked by the service, not the schema, so that a missing code and an
// unknown provider answer with the spec's own messages ('no auth code', 'invalid provider').
export const signInBodySchema = z.object({
  provider: storableText().max(32),
  code: oauthToken(4096).optional(),
  referralCode: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  codeVerifier: z
    .string()
    .min(43)
    .max(128)
    .regex(/^[A-Za-z0-9._~-]+$/)
    .optional(),
  redirectUri: storableText().url().max(2048).optional(),
  nonce: oauthToken(256).optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const accessTokenResponseSchema = z.object({
  accessToken: z.string(),
  /** ISO 8601 instant after which the access token is refused. */
  accessExpiresAt: z.string(),
});
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

export const signInResponseSchema = accessTokenResponseSchema.extend({
  /**
   * The name the provider gave, to prefill onboarding: present only while the account has no
   * profile, and only when it is a valid profile name. Parlo does not store it.
   */
  profileName: z.string().optional(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const authorizeUrlQuerySchema = z.object({
  state: oauthToken(256).pipe(z.string().min(16)),
  codeChallenge: z
    .string()
    .length(43)
    .regex(/^[A-Za-z0-9_-]+$/),
  nonce: oauthToken(256).pipe(z.string().min(16)),
});
export const authorizeUrlParamsSchema = z.object({ provider: providerSchema });
export const authorizeUrlResponseSchema = z.object({ url: z.string().url() });
