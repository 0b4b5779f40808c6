import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { userSchema } from '@parlo/contract/users';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsersService } from './users-service.ts';

const usersRoutes: FastifyPluginCallbackZod<{ usersService: UsersService }> = (
  app,
  { usersService },
  done,
) => {
  app.get(
    '/users/me',
    {
      // The account is read with the user, profile and languages, in one query (getMe).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ apiKey: [], bearer: [] }],
        response: { 200: userSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    (request) => usersService.getMe(request.tokenUserId!),
  );

  app.delete(
    '/users/me',
    {
      onRequest: app.authenticate,
      config: { allowBlocked: true },
      schema: {
        tags: ['users'],
        summary: 'Delete the account and its personal data',
        security: [{ apiKey: [], bearer: [] }],
        response: { 204: z.null(), 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await usersService.deleteMe(request.user!.id);
      return reply.code(204).send(null);
    },
  );
  done();
};

export default usersRoutes;
