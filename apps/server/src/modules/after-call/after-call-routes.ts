import {
  calibrationBodySchema,
  calibrationStateSchema,
  calibrationSummarySchema,
  searchActivityQuerySchema,
  searchActivitySchema,
} from '@parlo/contract/after-call';
import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { sessionParamsSchema } from '@parlo/contract/sessions';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CalibrationService } from './calibration-service.ts';
import type { SearchActivityService } from './search-activity-service.ts';

const security = [{ apiKey: [], bearer: [] }];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** Peer level calibration and the "when to find a partner" heat-map (issue 22). */
const afterCallRoutes: FastifyPluginCallbackZod<{
  calibrationService: CalibrationService;
  searchActivityService: SearchActivityService;
}> = (app, { calibrationService, searchActivityService }, done) => {
  app.get(
    '/sessions/:id/calibration',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sessions'],
        summary: 'Whether the caller may still rate their partner’s speaking in this call',
        security,
        params: sessionParamsSchema,
        response: { 200: calibrationStateSchema, ...errors },
      },
    },
    (request) => calibrationService.state(request.user!.id, request.params.id),
  );

  app.post(
    '/sessions/:id/calibration',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sessions'],
        summary: 'Rate the partner’s speaking against their level, once per call',
        description:
          'Only for a call of the caller that lasted 2 minutes and ended less than 24 hours ago. ' +
          'The answer is added to the partner’s counters; who answered what is not kept.',
        security,
        params: sessionParamsSchema,
        body: calibrationBodySchema,
        response: { 204: z.null(), ...errors, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await calibrationService.rate(request.user!.id, request.params.id, request.body.rating);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/me/calibration',
    {
      // The account is read with the summary, in the same query (checkAccount in the service).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['users'],
        summary: 'The level partners rate the caller’s speaking at, per language, once 5 did',
        security,
        response: {
          200: calibrationSummarySchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    (request) => calibrationService.summary(request.tokenUserId!),
  );

  app.get(
    '/search-activity',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['matching'],
        summary: 'When learners of the caller’s language and level search, per hour of the week',
        description:
          'Searches of the last 4 weeks per hour of the week in `tz`, in bands 0, 1-4 and 5+. ' +
          'Cached per language, level and time zone for 10 minutes.',
        security,
        querystring: searchActivityQuerySchema,
        response: { 200: searchActivitySchema, ...errors },
      },
    },
    (request) => searchActivityService.activity(request.user!.id, request.query),
  );
  done();
};

export default afterCallRoutes;
