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
        summary: 'Service, database and Redis health',
        security: [],
        response: { 200: healthOkSchema, 503: healthUnavailableSchema },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        healthService.checkDatabase(),
        healthService.checkRedis(),
      ]);
      const checks = { database, ...(redis ? { redis } : {}) };
      if (database === 'ok' && redis !== 'down') {
        return { status: 'ok' as const, database, ...(redis ? { redis } : {}) };
      }
      return reply.code(503).send({
        code: 503,
        message: unavailableMessage(database === 'down', redis === 'down'),
        status: 'unavailable',
        ...checks,
      });
    },
  );
  done();
};

export default healthRoutes;

function unavailableMessage(databaseDown: boolean, redisDown: boolean): string {
  if (databaseDown && redisDown) return 'The database and Redis are unavailable';
  return databaseDown ? 'The database is unavailable' : 'Redis is unavailable';
}
