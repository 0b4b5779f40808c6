import {
  accessTokenResponseSchema,
  authorizeUrlParamsSchema,
  authorizeUrlQuerySchema,
  authorizeUrlResponseSchema,
  signInBodySchema,
  signInResponseSchema,
} from '@parlo/contract/auth';
import { errorEnvelopeSchema } from '@parlo/contract/errors';
import cookie from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerTokenOf } from './access-tokens.ts';
import type { AuthService, Session } from './auth-service.ts';

const COOKIE_PATH = '/api/v1/auth';

/**
 * The refresh cookie's name. Over https it carries the `__Secure-` prefix, so browsers accept it
 * only with `Secure` from a secure origin: a plain-http page on the same host (or a network
 * attacker answering one) cannot plant or overwrite it.
 */
export const refreshCookieName = (secure: boolean) =>
  secure ? '__Secure-parlo_refresh' : 'parlo_refresh';

export interface AuthRoutesOptions {
  authService: AuthService;
  /** Secure, `__Secure-`-prefixed cookies whenever Parlo is served over https. */
  secureCookies: boolean;
  signInRateLimit: number;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  // Only these routes read or set a cookie: parsing cookies and collecting Set-Cookie headers
  // (two hooks and a Map per request) is theirs alone, not every API request's (issue 20).
  app.register(cookie);
  const { authService } = options;
  const cookieName = refreshCookieName(options.secureCookies);
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
    path: COOKIE_PATH,
  };

  function sendSession(reply: FastifyReply, session: Session) {
    reply.setCookie(cookieName, session.refreshToken, {
      ...cookieOptions,
      expires: session.refreshExpiresAt,
    });
    reply.header('cache-control', 'no-store');
    return {
      accessToken: session.accessToken,
      accessExpiresAt: session.accessExpiresAt,
      ...(session.profileName ? { profileName: session.profileName } : {}),
    };
  }

  app.get(
    '/auth/oauth/:provider/authorize-url',
    {
      schema: {
        tags: ['auth'],
        summary: "The provider's authorization page for this sign-in (state, PKCE and nonce)",
        params: authorizeUrlParamsSchema,
        querystring: authorizeUrlQuerySchema,
        response: { 200: authorizeUrlResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    (request) => ({ url: authService.authorizeUrl(request.params.provider, request.query) }),
  );

  app.post(
    '/auth/signin/oauth',
    {
      config: { rateLimit: { max: options.signInRateLimit, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a provider authorization code for a Parlo session',
        body: signInBodySchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    async (request, reply) => sendSession(reply, await authService.signIn(request.body)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh cookie and issue a new access token',
        response: { 200: accessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return sendSession(reply, await authService.refresh(request.cookies[cookieName]));
      } catch (error) {
        // A refused session must not linger in the browser; a "too frequent" one stays valid.
        if ((error as { statusCode?: number }).statusCode === 401) {
          reply.clearCookie(cookieName, cookieOptions);
        }
        throw error;
      }
    },
  );

  app.post(
    '/auth/signout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'End this sign-in (its refresh cookie and access tokens, on every instance) and clear the cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await authService.signOut({
        refreshToken: request.cookies[cookieName],
        accessToken: bearerTokenOf(request.headers.authorization),
      });
      reply.clearCookie(cookieName, cookieOptions);
      return reply.code(204).send(null);
    },
  );

  done();
};

export default authRoutes;
