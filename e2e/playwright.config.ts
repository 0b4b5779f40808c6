import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { nginxFound } from '../deploy/nginx/run.mjs';
import { CLUSTER } from './support/cluster.ts';
import { RELAY } from './support/relay.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parlo-e2e-'));
// A second server that sends every call through TURN (support/relay.ts starts coturn for it).
const relayDataDir = mkdtempSync(path.join(tmpdir(), 'parlo-e2e-relay-'));

/** Creates a PostgreSQL database of this run's own, `parlo_<label>_<random>`, on TEST_DATABASE_URL. */
function createRunDatabase(label: string) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/parlo_${label}_${randomBytes(6).toString('hex')}`;
  execFileSync(
    process.execPath,
    [path.join(import.meta.dirname, 'support/database.mjs'), 'create', url.toString()],
    { stdio: 'inherit' },
  );
  return url.toString();
}

/**
 * With TEST_DATABASE_URL (CI sets it) the server under test uses a fresh PostgreSQL database of
 * this run, which tests can also reach to set up states no screen creates (a blocked account).
 * Without it the server uses PGlite. Workers inherit E2E_DATABASE_URL from the main process.
 */
function e2eDatabaseUrl() {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  if (!process.env.TEST_DATABASE_URL) return undefined;
  process.env.E2E_DATABASE_URL = createRunDatabase('e2e');
  return process.env.E2E_DATABASE_URL;
}
const databaseUrl = e2eDatabaseUrl();

/**
 * With PostgreSQL, Redis (TEST_REDIS_URL) and nginx, two more servers run behind nginx on a
 * database of their own and a Redis key prefix of the run's (support/cluster.ts), for the call
 * across instances. Workers inherit the two variables.
 */
function clusterSetup() {
  if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL || !nginxFound) return;
  process.env.E2E_CLUSTER_DATABASE_URL ??= createRunDatabase('e2e_cluster');
  process.env.E2E_CLUSTER_KEY_PREFIX ??= `parlo-e2e:${randomBytes(6).toString('hex')}:`;
  return {
    databaseUrl: process.env.E2E_CLUSTER_DATABASE_URL,
    keyPrefix: process.env.E2E_CLUSTER_KEY_PREFIX,
  };
}
const cluster = clusterSetup();

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  globalTeardown: './support/global-teardown.ts',
  projects: [
    { name: 'app', testIgnore: /frame-guard\.spec\.ts$/ },
    // The frame guard runs its model in two browsers at once. Its tests run last and one at a
    // time, so the model loads within their timeout on two cores and no other test's timing
    // shares the machine with four model workers (a run that mixed them failed both ways).
    {
      name: 'frame-guard',
      testMatch: /frame-guard\.spec\.ts$/,
      dependencies: ['app'],
      fullyParallel: false,
    },
  ],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  // The suite runs against the production build served by the real server (root `npm run build`).
  webServer: [
    {
      command: 'node ../apps/server/dist/main.js',
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Warnings and errors of the server (LOG_LEVEL warn) show in the test output.
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        RATE_LIMIT_MAX: '100000',
        SIGNIN_RATE_LIMIT_MAX: '10000',
        LOG_LEVEL: 'warn',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    },
    {
      command: 'node ../apps/server/dist/main.js',
      url: `${RELAY.baseURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Warnings and errors of the server (LOG_LEVEL warn) show in the test output.
      stdout: 'pipe',
      env: {
        PORT: String(RELAY.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: RELAY.baseURL,
        DATA_DIR: relayDataDir,
        RATE_LIMIT_MAX: '100000',
        SIGNIN_RATE_LIMIT_MAX: '10000',
        LOG_LEVEL: 'warn',
        TURN_URLS: `turn:127.0.0.1:${RELAY.turnPort}?transport=udp`,
        TURN_SECRET: RELAY.turnSecret,
        ICE_TRANSPORT_POLICY: 'relay',
      },
    },
    ...(cluster
      ? [
          {
            command: 'node support/cluster-server.mjs',
            url: `${CLUSTER.baseURL}/health`,
            reuseExistingServer: false,
            timeout: 90_000,
            stdout: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
            env: {
              CLUSTER_PORT: String(CLUSTER.port),
              DATABASE_URL: cluster.databaseUrl,
              REDIS_URL: process.env.TEST_REDIS_URL!,
              REDIS_KEY_PREFIX: cluster.keyPrefix,
              RATE_LIMIT_MAX: '100000',
              SIGNIN_RATE_LIMIT_MAX: '10000',
              LOG_LEVEL: 'warn',
            },
          },
        ]
      : []),
  ],
});
