import { healthOkSchema, healthUnavailableSchema } from '@parlo/contract/health';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health-service.ts';

/**
 * GET /health, the clients' start-up check and the load balancer's probe. Outside /api, so it
 * needs no API key, and exempt from the global rate limit, which probes would otherwise eat.
 */
const healthRoutes: FastifyPluginCallbackZod<{ healthService: HealthService }> = (
  app,
  { healthService },
  done,
) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Service and database health',
        security: [],
        response: { 200: healthOkSchema, 503: healthUnavailableSchema },
      },
    },
    async (_request, reply) => {
      const database = await healthService.checkDatabase();
      if (database === 'ok') return { status: 'ok' as const, database };
      return reply.code(503).send({
        code: 503,
        message: 'The database is unavailable',
        status: 'unavailable',
        database,
      });
    },
  );
  done();
};

export default healthRoutes;
