import { errorEnvelopeSchema } from '@parlo/contract/errors';
import {
  matchCancelResultSchema,
  matchFindBodySchema,
  matchFindResultSchema,
} from '@parlo/contract/match';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { MatchingService } from './matching-service.ts';

const security = [{ apiKey: [], bearer: [] }];

const matchingRoutes: FastifyPluginCallbackZod<{ matchingService: MatchingService }> = (
  app,
  { matchingService },
  done,
) => {
  app.post(
    '/match/find',
    {
      // The account is read with the searcher, in the same query (checkAccount in find).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['match'],
        summary: 'Queue for a partner; the match arrives as session_created on the socket',
        security,
        body: matchFindBodySchema,
        response: {
          200: matchFindResultSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    (request) => matchingService.find(request.tokenUserId!, request.body.languageCode),
  );

  app.post(
    '/match/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['match'],
        summary: 'Leave the queue',
        security,
        response: { 200: matchCancelResultSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => matchingService.cancel(request.user!.id),
  );

  done();
};

export default matchingRoutes;
