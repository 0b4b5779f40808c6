import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../lib/errors.ts';
import { bearerTokenOf, type AccessTokens } from '../modules/auth/access-tokens.ts';
import {
  checkAccount,
  type AccountRow,
  type AuthenticatedUser,
} from '../modules/users/account-check.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` on protected routes. */
    user: AuthenticatedUser | null;
    /**
     * Set by `app.authenticateToken`: whose valid access token the request carries. The route
     * then reads the account with its own query and must pass it through `checkAccount`.
     */
    tokenUserId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * A restricted (blocked) account may still call this route: what the blocked page and
     * /settings/general need (spec §6). Every other protected route answers 403 to it.
     */
    allowBlocked?: boolean;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook of a hot route that reads the account together with its own data (one
     * round trip less): checks the token only; the handler calls `checkAccount`.
     */
    authenticateToken: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Checks the Bearer access token, that its sign-in session was not ended and that its account
 * still exists, on every protected request: sign-out, a deleted account and a block stop it at
 * once, not when the token expires.
 */
export interface AuthGuardOptions {
  accessTokens: AccessTokens;
  findAccount: (userId: string) => Promise<AccountRow | undefined>;
  /** The broker's revocation set: no database round trip, and shared by every instance. */
  isSessionRevoked: (sessionId: string) => Promise<boolean>;
}

const authGuard: FastifyPluginCallback<AuthGuardOptions> = (
  app,
  { accessTokens, findAccount, isSessionRevoked },
  done,
) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenUserId', null);

  async function tokenClaims(request: FastifyRequest) {
    const token = bearerTokenOf(request.headers.authorization);
    const claims = token ? await accessTokens.verify(token) : null;
    if (!claims) throw new UnauthorizedError('Authentication required');
    return claims;
  }
  const refuseRevoked = (revoked: boolean) => {
    if (revoked) throw new UnauthorizedError('Authentication required');
  };

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const claims = await tokenClaims(request);
    // Side by side: the revocation check adds no wait to the account read.
    const [row, revoked] = await Promise.all([
      findAccount(claims.userId),
      isSessionRevoked(claims.sessionId),
    ]);
    refuseRevoked(revoked);
    request.user = checkAccount(row, { allowBlocked: request.routeOptions.config.allowBlocked });
  });
  app.decorate('authenticateToken', async (request: FastifyRequest) => {
    const claims = await tokenClaims(request);
    refuseRevoked(await isSessionRevoked(claims.sessionId));
    request.tokenUserId = claims.userId;
  });
  done();
};

export default fp(authGuard, { name: 'parlo-auth-guard' });
