import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseOptionsFrom } from '../db/client.ts';
import { serverRoot } from '../paths.ts';
import type { DevSecretStore } from './dev-jwt-secret.ts';
import { ConfigError, DEV_API_KEY, loadConfig, type Env } from './env.ts';

const fixedSecret: DevSecretStore = { readOrCreate: () => 's'.repeat(40) };
const PROD = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(48),
  API_KEY: 'production-api-key',
  PUBLIC_URL: 'https://parlo.example',
};

function issuesOf(env: Env): string[] {
  try {
    loadConfig(env, fixedSecret);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  const tempDirs: string[] = [];
  afterEach(() => {
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('fills in the development defaults', () => {
    const config = loadConfig({}, fixedSecret);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      ALLOWED_ORIGINS: ['http://localhost:3000', 'http://localhost:5173'],
      API_KEY: DEV_API_KEY,
      DEV_SIGNIN: true,
      RATE_LIMIT_MAX: 300,
      BODY_LIMIT_BYTES: 65_536,
      LOG_LEVEL: 'info',
      STUN_URLS: [],
      TURN_URLS: [],
      TRUST_PROXY: false,
      DATA_DIR: resolve('data'),
      WEB_DIST: resolve(serverRoot, '../web/dist'),
      JWT_SECRET: 's'.repeat(40),
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('passes the PostgreSQL pool size and statement timeout on to the database options', () => {
    const url = 'postgres://parlo@db.internal:5432/parlo';
    const set = loadConfig(
      { DATABASE_URL: url, DATABASE_POOL_SIZE: '4', DATABASE_STATEMENT_TIMEOUT_MS: '2500' },
      fixedSecret,
    );
    expect(databaseOptionsFrom(set)).toEqual({
      driver: 'pg',
      url,
      poolSize: 4,
      statementTimeoutMs: 2500,
    });
    // Unset, the driver's own default applies (db/client.ts).
    expect(databaseOptionsFrom(loadConfig({ DATABASE_URL: url }, fixedSecret))).toEqual({
      driver: 'pg',
      url,
      poolSize: 10,
    });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }, fixedSecret)).toThrow(
      ConfigError,
    );
  });

  it('derives PUBLIC_URL from PORT and parses lists, flags and numbers', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DEV_SIGNIN: 'off',
        STUN_URLS: 'stun:stun1.example:3478, stun:stun2.example:3478',
        TURN_URLS: 'turn:turn.example:3478?transport=udp',
        TURN_SECRET: 'coturn-secret',
        ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
        TRUST_PROXY: '2',
      },
      fixedSecret,
    );
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.DEV_SIGNIN).toBe(false);
    expect(config.STUN_URLS).toEqual(['stun:stun1.example:3478', 'stun:stun2.example:3478']);
    expect(config.TURN_URLS).toEqual(['turn:turn.example:3478?transport=udp']);
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.TRUST_PROXY).toBe(2);
  });

  it('treats blank variables as unset', () => {
    const config = loadConfig({ PORT: '', API_KEY: '  ', DATABASE_URL: '' }, fixedSecret);
    expect(config.PORT).toBe(3000);
    expect(config.API_KEY).toBe(DEV_API_KEY);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    const issues = issuesOf({
      PORT: 'abc',
      RATE_LIMIT_MAX: '0',
      BODY_LIMIT_BYTES: 'lots',
      DATABASE_URL: 'mysql://db/parlo',
      LOG_LEVEL: 'loud',
      DEV_SIGNIN: 'maybe',
      JWT_SECRET: 'short',
      STUN_URLS: 'http://not-stun.example',
      GOOGLE_CLIENT_ID: 'id-without-secret',
      PUBLIC_URL: 'https://parlo.example/app',
      ALLOWED_ORIGINS: 'nonsense',
    });
    const names = issues.map((issue) => issue.split(':')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'RATE_LIMIT_MAX',
        'BODY_LIMIT_BYTES',
        'DATABASE_URL',
        'LOG_LEVEL',
        'DEV_SIGNIN',
        'JWT_SECRET',
        'STUN_URLS.0',
        'GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET',
        'PUBLIC_URL',
        'ALLOWED_ORIGINS',
      ]),
    );
    expect(issues).toHaveLength(11);
  });

  it('refuses origins with paths in PUBLIC_URL and ALLOWED_ORIGINS', () => {
    expect(issuesOf({ PUBLIC_URL: 'https://parlo.example/app' })).toEqual([
      'PUBLIC_URL: must be an origin such as https://parlo.example, without a path',
    ]);
    expect(
      issuesOf({ ALLOWED_ORIGINS: 'https://ok.example,ftp://files.example,nonsense' }),
    ).toEqual([
      'ALLOWED_ORIGINS: "ftp://files.example" is not an http(s) origin',
      'ALLOWED_ORIGINS: "nonsense" is not an http(s) origin',
    ]);
  });

  it('selects a Redis Cluster by its seed nodes, and refuses it beside REDIS_URL', () => {
    const nodes = 'redis://:s%40cret@10.0.0.1:7000, redis://10.0.0.2:7000/0';
    expect(loadConfig({ REDIS_CLUSTER_NODES: nodes }, fixedSecret)).toMatchObject({
      REDIS_CLUSTER_NODES: ['redis://:s%40cret@10.0.0.1:7000', 'redis://10.0.0.2:7000/0'],
    });
    expect(loadConfig({}, fixedSecret).REDIS_CLUSTER_NODES).toBeUndefined();
    expect(
      issuesOf({
        REDIS_URL: 'redis://10.0.0.1:6379',
        REDIS_CLUSTER_NODES: 'redis://10.0.0.1:7000',
      }),
    ).toEqual(['REDIS_URL/REDIS_CLUSTER_NODES: set one or neither (one Redis, or a cluster)']);
    expect(issuesOf({ REDIS_CLUSTER_NODES: '10.0.0.1:7000,redis://10.0.0.2:7000' })).toEqual([
      'REDIS_CLUSTER_NODES.0: each entry must be a redis:// URL',
    ]);
    expect(issuesOf({ REDIS_CLUSTER_NODES: 'redis://10.0.0.2:7000/3' })).toEqual([
      'REDIS_CLUSTER_NODES.0: a Redis Cluster has database 0 only: leave the path out',
    ]);
    expect(issuesOf({ REDIS_CLUSTER_NODES: ' , ' })).toEqual([
      'REDIS_CLUSTER_NODES: list at least one node',
    ]);
  });

  it('refuses a guessable METRICS_TOKEN', () => {
    expect(issuesOf({ METRICS_TOKEN: 'short-token' })).toEqual([
      'METRICS_TOKEN: must be at least 16 characters',
    ]);
  });

  it('reads Stripe keys in pairs, prices per currency, and no development billing in production', () => {
    expect(issuesOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET: set both or neither',
    ]);
    expect(issuesOf({ PREMIUM_PRICES: 'EUR:4.999,GBP:3,JPY:7.5,USD:5' })).toHaveLength(3);
    expect(issuesOf({ ...PROD, DEV_BILLING: 'on' })).toEqual([
      'DEV_BILLING: the development billing provider must be off in production',
    ]);
    const dev = loadConfig({ PREMIUM_PRICES: 'krw:6900, BRL:24.9' }, fixedSecret);
    expect(dev.PREMIUM_PRICES).toEqual([
      { currency: 'KRW', unitAmount: 6900, interval: 'month' },
      { currency: 'BRL', unitAmount: 2490, interval: 'month' },
    ]);
    expect(dev.BILLING).toMatchObject({ provider: 'development' });
    expect(loadConfig(PROD, fixedSecret).BILLING).toBeNull();
    const stripe = loadConfig(
      {
        ...PROD,
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      },
      fixedSecret,
    );
    expect(stripe.BILLING).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
    });
  });

  it('requires JWT_SECRET and API_KEY in production and refuses the development sign-in', () => {
    expect(issuesOf({ NODE_ENV: 'production', DEV_SIGNIN: 'true' })).toEqual([
      'JWT_SECRET: required in production',
      'API_KEY: required in production',
      'DEV_SIGNIN: the development sign-in must be off in production',
    ]);
    expect(issuesOf({ ...PROD, API_KEY: DEV_API_KEY })).toEqual([
      'API_KEY: the development key must not be used in production',
    ]);
  });

  it('turns development conveniences off in production', () => {
    const config = loadConfig(PROD, {
      readOrCreate: () => {
        throw new Error('production must not generate a secret');
      },
    });
    expect(config.DEV_SIGNIN).toBe(false);
    expect(config.ALLOWED_ORIGINS).toEqual(['https://parlo.example']);
    expect(config.JWT_SECRET).toBe(PROD.JWT_SECRET);
  });

  it('generates the development JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parlo-config-'));
    tempDirs.push(dataDir);
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.JWT_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});

describe('server start-up with a bad environment', () => {
  it('prints every bad variable and exits non-zero before opening anything', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: 'abc', DEV_SIGNIN: 'yes' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    for (const name of ['PORT', 'JWT_SECRET', 'API_KEY', 'DEV_SIGNIN']) {
      expect(result.stderr).toContain(`  - ${name}:`);
    }
  });
});
