import { errorEnvelopeSchema } from '@parlo/contract/errors';
import {
  sessionListQuerySchema,
  sessionListSchema,
  sessionParamsSchema,
  sessionSchema,
} from '@parlo/contract/sessions';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { SessionsService } from './sessions-service.ts';

const security = [{ apiKey: [], bearer: [] }];

const sessionsRoutes: FastifyPluginCallbackZod<{ sessionsService: SessionsService }> = (
  app,
  { sessionsService },
  done,
) => {
  app.get(
    '/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sessions'],
        summary: "The user's past sessions, newest first",
        security,
        querystring: sessionListQuerySchema,
        response: { 200: sessionListSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => sessionsService.listSessions(request.user!.id, request.query),
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
  done();
};

export default sessionsRoutes;
