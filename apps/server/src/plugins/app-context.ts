import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';

export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    clock: Clock;
  }
}

/** Shared dependencies, for plugins that need them (the auth guard, the socket gateway). */
const appContext: FastifyPluginCallback<AppContext> = (app, { config, db, clock }, done) => {
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  done();
};

export default fp(appContext, { name: 'parlo-app-context' });
