import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHash,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportJWK, SignJWT, type JWK } from 'jose';
import { z } from 'zod';
import {
  devAuthorizeFormSchema,
  devAuthorizeQuerySchema,
  devTokenFormSchema,
  type DevAuthorizeQuery,
} from '@parlo/contract/dev-oauth';
import type { RateCounter } from '../../lib/rate-counter.ts';
import { renderAuthorizePage } from './dev-oauth-page.ts';

interface Issued {
  email: string;
  name: string;
  expiresAt: number;
}

interface PendingCode extends Issued {
  query: DevAuthorizeQuery;
}

export interface DevOAuthOptions {
  /** Where browsers reach Parlo; the callback must be `${publicUrl}/auth/callback/<provider>`. */
  publicUrl: string;
  issuer: string;
  /**
   * The secret the instances share (JWT_SECRET): the signing key, codes and access tokens derive
   * from it, so any instance behind the load balancer can take up what another one issued.
   */
  secret: string;
  /** Shared counters (the broker's): a code is spent on the first exchange, at any instance. */
  counter: RateCounter;
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

const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'parlo-dev-oauth', purpose, 32));

/** The P-256 order: a derived private scalar must be below it (and is, but for 1 in 2^32). */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** An ES256 key pair that every instance with the same secret derives alike. */
function signingKeyPair(secret: string): { privateKey: KeyObject; publicKey: KeyObject } {
  for (let round = 0; ; round++) {
    const d = derive(secret, `es256-${round}`);
    const scalar = BigInt(`0x${d.toString('hex')}`);
    if (scalar === 0n || scalar >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    const point = ecdh.getPublicKey();
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    };
    return {
      privateKey: createPrivateKey({ key: { ...jwk, d: d.toString('base64url') }, format: 'jwk' }),
      publicKey: createPublicKey({ key: jwk, format: 'jwk' }),
    };
  }
}

/** Codes and access tokens are sealed (AES-256-GCM) rather than kept: no instance holds them. */
function sealer(key: Buffer) {
  return {
    seal(value: unknown): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    /** The sealed value, or null when the text was not sealed with this key. */
    open(text: string): unknown {
      const raw = Buffer.from(text, 'base64url');
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const body = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
        return JSON.parse(body.toString('utf8')) as unknown;
      } catch {
        return null;
      }
    },
  };
}

/**
 * A small, real OAuth 2.0 / OpenID Connect authorization server for offline development: an
 * authorize page, a token endpoint with PKCE, a JWKS and a Kakao-shaped user endpoint. The three
 * providers point at it when they have no client credentials, so sign-in runs its real path.
 */
export const devOAuthRoutes: FastifyPluginAsync<DevOAuthOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const { privateKey, publicKey } = signingKeyPair(options.secret);
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), alg: 'ES256', use: 'sig' };
  const kid = createHash('sha256').update(JSON.stringify(publicJwk)).digest('hex').slice(0, 16);
  publicJwk.kid = kid;
  const codes = sealer(derive(options.secret, 'codes'));
  const accessTokens = sealer(derive(options.secret, 'access-tokens'));

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
      const displayName = name?.trim() || email.split('@')[0] || email;
      const pending: PendingCode = {
        query,
        email,
        name: displayName,
        expiresAt: now() + CODE_TTL_MS,
      };
      const code = codes.seal(pending);
      const target = new URL(query.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', query.state);
      return reply.redirect(target.toString(), 302);
    },
  );

  r.post('/token', { schema: { body: devTokenFormSchema, hide: true } }, async (req, reply) => {
    const body = req.body;
    const pending = codes.open(body.code) as PendingCode | null;
    const invalid = () =>
      reply.code(400).send(oauthError('invalid_grant', 'code is invalid or expired'));
    if (!pending || pending.expiresAt < now()) return invalid();
    // A code is single use: it is spent whether this exchange succeeds or not, at any instance
    // (the counter outlives the code).
    const spent = createHash('sha256').update(body.code).digest('base64url');
    if ((await options.counter.hit(`dev-oauth-code:${spent}`, CODE_TTL_MS)).count > 1) {
      return invalid();
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
    const accessToken = accessTokens.seal({
      email: pending.email,
      name: pending.name,
      expiresAt: now() + ACCESS_TTL_MS,
    } satisfies Issued);
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
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
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

  // One user endpoint for all three: Kakao's /v2/user/me fields (id, kakao_account) beside the
  // OpenID Connect userinfo claims (sub, email, name); each provider reads only its own.
  r.get('/userinfo', { schema: { hide: true } }, async (req, reply) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const issued = token ? (accessTokens.open(token) as Issued | null) : null;
    if (!issued || issued.expiresAt < now()) {
      return reply.code(401).send({ msg: 'this access token does not exist', code: -401 });
    }
    return {
      sub: devSubject(issued.email),
      email: issued.email,
      email_verified: true,
      name: issued.name,
      id: parseInt(devSubject(issued.email).slice(0, 12), 16),
      kakao_account: {
        email: issued.email,
        is_email_verified: true,
        profile: { nickname: issued.name, profile_image_url: null },
      },
    };
  });
};
