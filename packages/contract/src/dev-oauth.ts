import { z } from 'zod';
import { providerSchema } from './auth.ts';

/** Schemas of the development authorization server mounted at /dev-oauth when DEV_SIGNIN is on. */

const bounded = (max: number) => z.string().min(1).max(max);

export const devAuthorizeQuerySchema = z.object({
  provider: providerSchema,
  response_type: z.literal('code'),
  client_id: bounded(200),
  redirect_uri: z.string().url().max(2048),
  state: bounded(256),
  scope: z.string().max(200).optional(),
  nonce: z.string().max(256).optional(),
  code_challenge: z.string().max(128).optional(),
  code_challenge_method: z.literal('S256').optional(),
  access_type: z.string().max(20).optional(),
  prompt: z.string().max(20).optional(),
});
export type DevAuthorizeQuery = z.infer<typeof devAuthorizeQuerySchema>;

export const devAuthorizeFormSchema = devAuthorizeQuerySchema.extend({
  email: z.string().trim().max(254),
  name: z.string().trim().max(50).optional(),
});

export const devTokenFormSchema = z.object({
  grant_type: z.literal('authorization_code'),
  // The development server's codes are sealed, not looked up: longer than a provider's.
  code: bounded(4096),
  redirect_uri: z.string().url().max(2048),
  client_id: bounded(200),
  client_secret: z.string().max(200).optional(),
  code_verifier: z.string().max(128).optional(),
  /** LINE's ask for an ID token signed with its published keys rather than the secret. */
  id_token_key_type: z.literal('JWK').optional(),
});
