import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { createRedisBroker } from './broker/redis-broker.ts';
import { loadConfigOrExit } from './config/env.ts';
import { databaseOptionsFrom, openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { seedDatabase } from './db/seed.ts';
import { createLogger } from './lib/logger.ts';

/** Time given to in-flight requests and sockets on shutdown before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfigOrExit();
const logger = createLogger(config);

const database = await openDatabase(databaseOptionsFrom(config), {
  // Only what says what happened: pg's error carries its whole client (connection settings).
  onPoolError: (error: Error & { code?: string }) =>
    logger.error({ code: error.code, message: error.message }, 'idle database connection failed'),
}).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  logger.fatal(error.message);
  process.exit(1);
});
logger.info({ driver: database.driver }, 'database opened');
await database.migrate();
await seedDatabase(database.db);
for (const error of await database.warm()) {
  logger.warn({ err: error }, 'preparing a statement ahead of traffic failed');
}

// With Redis (one, or a cluster), presence, delivery, the queue and every rate-limit counter are
// shared by all instances behind the load balancer; without it they live in this process.
const redisTarget = config.REDIS_URL
  ? { url: config.REDIS_URL }
  : config.REDIS_CLUSTER_NODES && { clusterNodes: config.REDIS_CLUSTER_NODES };
const redisBroker = redisTarget
  ? createRedisBroker({ ...redisTarget, keyPrefix: config.REDIS_KEY_PREFIX, log: logger })
  : undefined;
const app = await buildApp({
  config,
  db: database.db,
  logger,
  ...(redisBroker ? { broker: redisBroker, rateCounter: redisBroker, redis: redisBroker } : {}),
});

closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an unhandled error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
  await redisBroker?.close();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
logger.info(
  {
    url: config.PUBLIC_URL,
    devSignIn: config.DEV_SIGNIN,
    db: database.driver,
    broker: config.REDIS_CLUSTER_NODES ? 'redis-cluster' : redisBroker ? 'redis' : 'memory',
  },
  'Parlo is ready',
);
