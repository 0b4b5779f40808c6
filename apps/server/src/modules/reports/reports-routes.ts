import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { reportCreateBodySchema, reportSchema } from '@parlo/contract/reports';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { refuseWith } from '../../lib/validation.ts';
import type { ReportsService } from './reports-service.ts';

const reportsRoutes: FastifyPluginCallbackZod<{ reportsService: ReportsService }> = (
  app,
  { reportsService },
  done,
) => {
  app.post(
    '/reports',
    {
      onRequest: app.authenticate,
      schemaErrorFormatter: refuseWith('Invalid report data'),
      schema: {
        tags: ['reports'],
        summary: 'Report the other participant of one of your sessions',
        security: [{ apiKey: [], bearer: [] }],
        body: reportCreateBodySchema,
        response: {
          201: reportSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const report = await reportsService.create(request.user!.id, request.body);
      return reply.code(201).send(report);
    },
  );
  done();
};

export default reportsRoutes;
