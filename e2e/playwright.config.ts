import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { RELAY } from './support/relay.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parlo-e2e-'));
// A second server that sends every call through TURN (support/relay.ts starts coturn for it).
const relayDataDir = mkdtempSync(path.join(tmpdir(), 'parlo-e2e-relay-'));

/**
 * With TEST_DATABASE_URL (CI sets it) the server under test uses a fresh PostgreSQL database of
 * this run, which tests can also reach to set up states no screen creates (a blocked account).
 * Without it the server uses PGlite. Workers inherit E2E_DATABASE_URL from the main process.
 */
function e2eDatabaseUrl() {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const url = new URL(admin);
  url.pathname = `/parlo_e2e_${randomBytes(6).toString('hex')}`;
  execFileSync(
    process.execPath,
    [path.join(import.meta.dirname, 'support/database.mjs'), 'create', url.toString()],
    {
      stdio: 'inherit',
    },
  );
  process.env.E2E_DATABASE_URL = url.toString();
  return url.toString();
}
const databaseUrl = e2eDatabaseUrl();

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  globalTeardown: './support/global-teardown.ts',
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
  ],
});
