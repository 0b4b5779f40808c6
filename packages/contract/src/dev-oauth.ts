import { z } from 'zod';
import { providerSchema } from './auth.ts';
import { storableText } from './text.ts';

/** Schemas of the development authorization server mounted at /dev-oauth when DEV_SIGNIN is on. */

const bounded = (max: number) => storableText().min(1).max(max);

export const devAuthorizeQuerySchema = z.object({
  provider: providerSchema,
  response_type: z.literal('code'),
  client_id: bounded(200),
  redirect_uri: storableText().url().max(2048),
  state: bounded(256),
  scope: storableText().max(200).optional(),
  nonce: storableText().max(256).optional(),
  code_challenge: storableText().max(128).optional(),
  code_challenge_method: z.literal('S256').optional(),
  access_type: storableText().max(20).optional(),
  prompt: storableText().max(20).optional(),
});
export type DevAuthorizeQuery = z.infer<typeof devAuthorizeQuerySchema>;

export const devAuthorizeFormSchema = devAuthorizeQuerySchema.extend({
  email: storableText().trim().max(254),
  name: storableText().trim().max(50).optional(),
});

export const devTokenFormSchema = z.object({
  grant_type: z.literal('authorization_code'),
  // The development server's codes are sealed, not looked up: longer than a provider's.
  code: bounded(4096),
  redirect_uri: storableText().url().max(2048),
  client_id: bounded(200),
  client_secret: storableText().max(200).optional(),
  code_verifier: storableText().max(128).optional(),
  /** LINE's ask for an ID token signed with its published keys rather than the secret. */
  id_token_key_type: z.literal('JWK').optional(),
});
