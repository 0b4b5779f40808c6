import { createHash, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { z } from 'zod';
import {
  devAuthorizeFormSchema,
  devAuthorizeQuerySchema,
  devTokenFormSchema,
  type DevAuthorizeQuery,
} from '@parlo/contract/dev-oauth';
import { renderAuthorizePage } from './dev-oauth-page.ts';

interface PendingCode {
  query: DevAuthorizeQuery;
  email: string;
  name: string;
  expiresAt: number;
}

interface Issued {
  email: string;
  name: string;
  expiresAt: number;
}

export interface DevOAuthOptions {
  /** Where browsers reach Parlo; the callback must be `${publicUrl}/auth/callback/<provider>`. */
  publicUrl: string;
  issuer: string;
  now?: () => number;
}

const CODE_TTL_MS = 60_000;
const ACCESS_TTL_MS = 10 * 60_000;
const emailSchema = z.string().email();

const oauthError = (error: string, description: string) => ({
  error,
  error_description: description,
});

/** The same email is always the same subject, so it always signs in to the same account. */
export const devSubject = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * A small, real OAuth 2.0 / OpenID Connect authorization server for offline development: an
 * authorize page, a token endpoint with PKCE, a JWKS and a Kakao-shaped user endpoint. The three
 * providers point at it when they have no client credentials, so sign-in runs its real path.
 */
export const devOAuthRoutes: FastifyPluginAsync<DevOAuthOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, Issued>();
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  const sweep = () => {
    const t = now();
    for (const [k, v] of codes) if (v.expiresAt < t) codes.delete(k);
    for (const [k, v] of accessTokens) if (v.expiresAt < t) accessTokens.delete(k);
  };

  await app.register(formbody, { bodyLimit: 16_384 });
  const r = app.withTypeProvider<ZodTypeProvider>();

  const expectedRedirect = (q: DevAuthorizeQuery) =>
    `${options.publicUrl}/auth/callback/${q.provider}`;

  r.get(
    '/authorize',
    { schema: { querystring: devAuthorizeQuerySchema, hide: true } },
    async (req, reply) => {
      if (req.query.redirect_uri !== expectedRedirect(req.query)) {
        return reply.code(400).send(oauthError('invalid_request', 'redirect_uri does not match'));
      }
      const { provider } = req.query;
      const hidden = Object.fromEntries(
        Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      return reply.type('text/html; charset=utf-8').send(renderAuthorizePage({ provider, hidden }));
    },
  );

  r.post(
    '/authorize',
    { schema: { body: devAuthorizeFormSchema, hide: true } },
    async (req, reply) => {
      const { email, name, ...query } = req.body;
      if (query.redirect_uri !== expectedRedirect(query)) {
        return reply.code(400).send(oauthError('invalid_request', 'redirect_uri does not match'));
      }
      if (!emailSchema.safeParse(email).success) {
        const hidden = Object.fromEntries(
          Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(
            renderAuthorizePage({
              provider: query.provider,
              hidden,
              email,
              name,
              error: 'Enter a valid email address.',
            }),
          );
      }
      sweep();
      const code = randomBytes(32).toString('base64url');
      const displayName = name?.trim() || email.split('@')[0] || email;
      codes.set(code, { query, email, name: displayName, expiresAt: now() + CODE_TTL_MS });
      const target = new URL(query.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', query.state);
      return reply.redirect(target.toString(), 302);
    },
  );

  r.post('/token', { schema: { body: devTokenFormSchema, hide: true } }, async (req, reply) => {
    const body = req.body;
    const pending = codes.get(body.code);
    // A code is single use: it is gone whether this exchange succeeds or not.
    codes.delete(body.code);
    if (!pending || pending.expiresAt < now()) {
      return reply.code(400).send(oauthError('invalid_grant', 'code is invalid or expired'));
    }
    const q = pending.query;
    if (q.client_id !== body.client_id || q.redirect_uri !== body.redirect_uri) {
      return reply.code(400).send(oauthError('invalid_grant', 'client or redirect_uri mismatch'));
    }
    if (
      q.code_challenge &&
      (!body.code_verifier || s256(body.code_verifier) !== q.code_challenge)
    ) {
      return reply.code(400).send(oauthError('invalid_grant', 'PKCE verification failed'));
    }
    const accessToken = randomBytes(32).toString('base64url');
    accessTokens.set(accessToken, {
      email: pending.email,
      name: pending.name,
      expiresAt: now() + ACCESS_TTL_MS,
    });
    const response: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TTL_MS / 1000,
      scope: q.scope ?? '',
    };
    if (q.provider !== 'kakao') {
      const issuedAt = Math.floor(now() / 1000);
      response.id_token = await new SignJWT({
        email: pending.email,
        email_verified: true,
        name: pending.name,
        ...(q.nonce ? { nonce: q.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(options.issuer)
        .setAudience(q.client_id)
        .setSubject(devSubject(pending.email))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 3600)
        .sign(privateKey);
    }
    return reply.header('cache-control', 'no-store').send(response);
  });

  r.get('/jwks', { schema: { hide: true } }, (_req, reply) => reply.send({ keys: [publicJwk] }));

  // Kakao's /v2/user/me answers in its own shape; the Kakao provider reads exactly that shape.
  r.get('/userinfo', { schema: { hide: true } }, async (req, reply) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const issued = token ? accessTokens.get(token) : undefined;
    if (!issued || issued.expiresAt < now()) {
      return reply.code(401).send({ msg: 'this access token does not exist', code: -401 });
    }
    return {
      id: parseInt(devSubject(issued.email).slice(0, 12), 16),
      kakao_account: {
        email: issued.email,
        is_email_verified: true,
        profile: { nickname: issued.name, profile_image_url: null },
      },
    };
  });
};
