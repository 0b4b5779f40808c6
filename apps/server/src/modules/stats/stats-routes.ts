import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { statsQuerySchema, statsSchema } from '@parlo/contract/match';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { StatsService } from './stats-service.ts';

const statsRoutes: FastifyPluginCallbackZod<{ statsService: StatsService }> = (
  app,
  { statsService },
  done,
) => {
  app.get(
    '/stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['match'],
        summary: 'Learners online and the recent average wait for a partner',
        security: [{ apiKey: [], bearer: [] }],
        querystring: statsQuerySchema,
        response: { 200: statsSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => statsService.getStats(request.query.language),
  );
  done();
};

export default statsRoutes;
