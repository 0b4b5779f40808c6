import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig, type Config, type Env } from '../../src/config/env.ts';
import { openDatabase, pgliteHandle, type DatabaseHandle } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { createLogger } from '../../src/lib/logger.ts';
import { createDatabase, dropDatabase, urlForDatabase } from './postgres.ts';

export type Driver = 'pglite' | 'pg';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Every integration test runs once per driver: PGlite always, PostgreSQL when configured. */
export const drivers: Driver[] = adminUrl ? ['pglite', 'pg'] : ['pglite'];

export const TEST_API_KEY = 'test-api-key-0123456789';

/** A config as the server would parse it, with test defaults; `env` overrides any variable. */
export function testConfig(env: Env = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    API_KEY: TEST_API_KEY,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123',
    LOG_LEVEL: 'silent',
    // Never the real apps/web/dist: whether the web app was built must not change results.
    WEB_DIST: '/nonexistent/parlo-web-dist',
    // Background jobs run only when a test calls `app.jobs.run`, never on a timer mid-test.
    JOBS_ENABLED: 'false',
    ...env,
  });
}

/**
 * A migrated, empty database: in-memory PGlite, or a fresh PostgreSQL database dropped on close.
 * PGlite starts from the run's migrated image unless `fresh` asks for initdb and migrations.
 */
export async function createTestDatabase(
  driver: Driver,
  {
    fresh = false,
    statementTimeoutMs,
  }: {
    fresh?: boolean;
    /** PostgreSQL only: the pool's statement timeout (db/client.ts). */
    statementTimeoutMs?: number;
  } = {},
): Promise<DatabaseHandle> {
  if (driver === 'pglite') {
    if (!fresh) {
      const image = new Blob([readFileSync(inject('pgliteImagePath'))]);
      return pgliteHandle(await PGlite.create({ loadDataDir: image }));
    }
    const handle = await openDatabase({ driver: 'pglite' });
    await handle.migrate();
    return handle;
  }
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the pg driver');
  const name = `${inject('pgDatabasePrefix')}_${randomBytes(6).toString('hex')}`;
  await createDatabase(adminUrl, name);
  const handle = await openDatabase({
    driver: 'pg',
    url: urlForDatabase(adminUrl, name),
    poolSize: 4,
    ...(statementTimeoutMs ? { statementTimeoutMs } : {}),
  });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

export { captureLogs } from './logs.ts';

export interface TestApp {
  app: App;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Env;
  clock?: Clock;
  logger?: ReturnType<typeof createLogger>;
  onAccountDeleted?: (userId: string) => void;
  /** Extra routes for exercising the error handling, added before the app is ready. */
  extend?: (app: App) => void;
  /** The development billing provider's webhooks: sent, or kept for the test to replay. */
  devBillingDelivery?: 'auto' | 'manual';
}

export async function buildTestApp(driver: Driver, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(driver);
  await seedDatabase(database.db);
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    db: database.db,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.onAccountDeleted ? { onAccountDeleted: options.onAccountDeleted } : {}),
    ...(options.devBillingDelivery ? { devBillingDelivery: options.devBillingDelivery } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A clock tests move by hand. */
export function manualClock(start = new Date('2025-06-20T12:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
