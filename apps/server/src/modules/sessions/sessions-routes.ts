import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { sessionConnectionBodySchema } from '@parlo/contract/match';
import {
  sessionListQuerySchema,
  sessionListSchema,
  sessionParamsSchema,
  sessionSchema,
} from '@parlo/contract/sessions';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionLifecycle } from './session-lifecycle.ts';
import type { SessionsService } from './sessions-service.ts';

const security = [{ apiKey: [], bearer: [] }];

const sessionsRoutes: FastifyPluginCallbackZod<{
  sessionsService: SessionsService;
  connectionTypes: Pick<SessionLifecycle, 'setConnectionType'>;
}> = (app, { sessionsService, connectionTypes }, done) => {
  app.get(
    '/sessions',
    {
      // The account is read with the page, in the same query (checkAccount in listSessions).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['sessions'],
        summary: "The user's past sessions, newest first",
        security,
        querystring: sessionListQuerySchema,
        response: { 200: sessionListSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => sessionsService.listSessions(request.tokenUserId!, request.query),
  );

  app.get(
    '/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sessions'],
        summary: 'One session the user took part in',
        security,
        params: sessionParamsSchema,
        response: { 200: sessionSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    (request) => sessionsService.getSession(request.user!.id, request.params.id),
  );
  app.put(
    '/sessions/:id/connection',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sessions'],
        summary: 'Record how the call connected (direct or through TURN)',
        security,
        params: sessionParamsSchema,
        body: sessionConnectionBodySchema,
        response: {
          204: z.null(),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await connectionTypes.setConnectionType(
        request.user!.id,
        request.params.id,
        request.body.connectionType,
      );
      return reply.code(204).send(null);
    },
  );

  done();
};

export default sessionsRoutes;
