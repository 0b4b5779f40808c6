import type { UserStatus } from '@parlo/contract/users';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import type { AccessTokens } from '../modules/auth/access-tokens.ts';
import { isRestricted } from '../modules/users/users-service.ts';

export interface AuthenticatedUser {
  id: string;
  status: UserStatus;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` on protected routes. */
    user: AuthenticatedUser | null;
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
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * Checks the Bearer access token and that its account still exists, on every protected request:
 * a deleted account stops working at once, not when its token expires.
 */
export interface AuthGuardOptions {
  accessTokens: AccessTokens;
  findAccount: (
    userId: string,
  ) => Promise<{ id: string; status: UserStatus; deletedAt: Date | null } | undefined>;
}

const authGuard: FastifyPluginCallback<AuthGuardOptions> = (
  app,
  { accessTokens, findAccount },
  done,
) => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const userId = token ? await accessTokens.verify(token) : null;
    if (!userId) throw new UnauthorizedError('Authentication required');
    const row = await findAccount(userId);
    if (!row || row.deletedAt) throw new UnauthorizedError('Authentication required');
    if (isRestricted(row.status) && !request.routeOptions.config.allowBlocked) {
      throw new ForbiddenError('Your account is restricted', 'account_blocked');
    }
    request.user = { id: row.id, status: row.status };
  });
  done();
};

export default fp(authGuard, { name: 'parlo-auth-guard' });
