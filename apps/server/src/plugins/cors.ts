import cors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Credentialed CORS for the listed origins only (the refresh cookie needs credentials). Other
 * origins get no CORS headers, so browsers refuse to hand them the answers.
 */
const corsPlugin: FastifyPluginAsync<{ allowedOrigins: string[] }> = async (
  app,
  { allowedOrigins },
) => {
  await app.register(cors, {
    origin: allowedOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-API-Key', 'X-Request-Id'],
    exposedHeaders: [
      'X-Request-Id',
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ],
    maxAge: 600,
  });
};

export default fp(corsPlugin, { name: 'parlo-cors' });
