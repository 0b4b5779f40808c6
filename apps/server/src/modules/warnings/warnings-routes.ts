import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { accountWarningListSchema, accountWarningParamsSchema } from '@parlo/contract/warnings';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WarningsService } from './warnings-service.ts';

const security = [{ apiKey: [], bearer: [] }];

/** A moderator's warnings, read and acknowledged by the warned user only. */
const warningsRoutes: FastifyPluginCallbackZod<{ warningsService: WarningsService }> = (
  app,
  { warningsService },
  done,
) => {
  app.get(
    '/users/me/warnings',
    {
      // The account is read with the list, in the same query (checkAccount in the service).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['users'],
        summary: "The signed-in user's warnings from moderators not yet acknowledged",
        security,
        response: {
          200: accountWarningListSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    (request) => warningsService.listUnacknowledged(request.tokenUserId!),
  );

  app.post(
    '/users/me/warnings/:id/acknowledge',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Say the warning was read; it is then no longer listed',
        security,
        params: accountWarningParamsSchema,
        response: {
          204: z.null(),
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await warningsService.acknowledge(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
  done();
};

export default warningsRoutes;
