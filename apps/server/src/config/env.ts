import { hkdfSync } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  BILLING_CURRENCIES,
  BILLING_INTERVAL,
  CURRENCY_MINOR_DIGITS,
  type BillingCurrency,
  type PremiumPrice,
} from '@parlo/contract/billing';
import { serverRoot } from '../paths.ts';
import {
  fileDevSecretStore,
  JWT_SECRET_MIN_LENGTH,
  type DevSecretStore,
} from './dev-jwt-secret.ts';

/**
 * The only reader of process.env. Every variable is parsed here, once, and every problem is
 * reported together so an operator fixes the environment in one round trip.
 */

export type Env = Record<string, string | undefined>;

export const DEV_API_KEY = 'parlo-dev-key';
const DEV_WEB_ORIGIN = 'http://localhost:5173';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const TRUE_WORDS = ['true', '1', 'yes', 'on'];

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((value) => TRUE_WORDS.includes(value));
const positiveInt = z.coerce.number<string>().int().positive();
const secret = z.string().min(1);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const urlList = (protocol: RegExp, label: string) =>
  z
    .string()
    .transform((value) => splitList(value))
    .pipe(z.array(z.url({ protocol, error: `each entry must be a ${label} URL` })));

/** Monthly Premium prices when PREMIUM_PRICES is not set, in whole currency units. */
export const DEFAULT_PREMIUM_PRICES = 'EUR:4.99,USD:4.99,KRW:6900,JPY:700,BRL:24.90';

/** `EUR:4.99,JPY:700` → prices in Stripe's smallest currency unit. */
const premiumPrices = z.string().transform((value, ctx): PremiumPrice[] => {
  const prices: PremiumPrice[] = [];
  for (const entry of splitList(value)) {
    const match = /^([A-Za-z]{3}):(\d+)(?:\.(\d+))?$/.exec(entry);
    const currency = match?.[1]?.toUpperCase() as BillingCurrency | undefined;
    if (!match || !currency || !BILLING_CURRENCIES.includes(currency)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not CURRENCY:amount with a currency of ${BILLING_CURRENCIES.join(', ')}`,
      });
      continue;
    }
    const digits = CURRENCY_MINOR_DIGITS[currency];
    const fraction = match[3] ?? '';
    if (fraction.length > digits || prices.some((price) => price.currency === currency)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}": ${currency} is listed twice or has more than ${digits} decimals`,
      });
      continue;
    }
    const unitAmount = Number(match[2]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
    if (unitAmount <= 0) {
      ctx.addIssue({ code: 'custom', message: `"${entry}": the price must be above zero` });
      continue;
    }
    prices.push({ currency, unitAmount, interval: BILLING_INTERVAL });
  }
  if (prices.length === 0) ctx.addIssue({ code: 'custom', message: 'list at least one price' });
  return prices;
});

/** A cluster's seed nodes; each a redis:// URL, without a database (a cluster has 0 only). */
const redisClusterNodes = urlList(/^rediss?$/, 'redis://').pipe(
  z
    .array(
      z.string().refine((url) => ['', '/', '/0'].includes(new URL(url).pathname), {
        error: 'a Redis Cluster has database 0 only: leave the path out',
      }),
    )
    .min(1, 'list at least one node'),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number<string>().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.max(1000).default(10),
  /**
   * Longest a statement may run before PostgreSQL cancels it (the request answers 503); unset,
   * db/client.ts's default.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.max(600_000).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  /**
   * Instead of REDIS_URL: the broker on a Redis Cluster. Comma-separated redis:// URLs of seed
   * nodes (one is enough; more let the server start while one is down); the credentials and TLS
   * (rediss://) of the first serve every node.
   */
  REDIS_CLUSTER_NODES: redisClusterNodes.optional(),
  /** Every Redis key and channel starts with it: deployments (or test runs) sharing one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64)')
    .default('parlo:'),
  JWT_SECRET: z
    .string()
    .min(JWT_SECRET_MIN_LENGTH, `must be at least ${JWT_SECRET_MIN_LENGTH} characters`)
    .optional(),
  API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  // Bearer token for /metrics; without it /metrics answers only requests from loopback.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DEV_SIGNIN: flag.optional(),
  /**
   * The OpenAPI page and document at /docs. They list every route, the moderation API included,
   * so they are off in production unless an operator turns them on.
   */
  API_DOCS: flag.optional(),
  GOOGLE_CLIENT_ID: secret.optional(),
  GOOGLE_CLIENT_SECRET: secret.optional(),
  KAKAO_CLIENT_ID: secret.optional(),
  KAKAO_CLIENT_SECRET: secret.optional(),
  LINE_CHANNEL_ID: secret.optional(),
  LINE_CHANNEL_SECRET: secret.optional(),
  // Endpoint overrides let tests point a provider at a local mock server.
  GOOGLE_AUTHORIZE_URL: httpUrl.optional(),
  GOOGLE_TOKEN_URL: httpUrl.optional(),
  GOOGLE_JWKS_URL: httpUrl.optional(),
  GOOGLE_USERINFO_URL: httpUrl.optional(),
  GOOGLE_ISSUER: httpUrl.optional(),
  KAKAO_AUTHORIZE_URL: httpUrl.optional(),
  KAKAO_TOKEN_URL: httpUrl.optional(),
  KAKAO_USERINFO_URL: httpUrl.optional(),
  LINE_AUTHORIZE_URL: httpUrl.optional(),
  LINE_TOKEN_URL: httpUrl.optional(),
  LINE_JWKS_URL: httpUrl.optional(),
  LINE_USERINFO_URL: httpUrl.optional(),
  LINE_ISSUER: httpUrl.optional(),
  // Stripe: a secret (or restricted) key and the webhook endpoint's signing secret, both or neither.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  // The Stripe product Premium's prices belong to; without it Checkout names the product inline.
  STRIPE_PRODUCT_ID: z
    .string()
    .regex(/^prod_[A-Za-z0-9]+$/, 'must be a product id (prod_…)')
    .optional(),
  // How old a signed webhook may be (replay protection); Stripe's own default is 300 s.
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: positiveInt.max(3600).default(300),
  PREMIUM_PRICES: premiumPrices.default(premiumPrices.parse(DEFAULT_PREMIUM_PRICES)),
  DEV_BILLING: flag.optional(),
  STUN_URLS: urlList(/^stuns?$/, 'stun:').default([]),
  TURN_URLS: urlList(/^turns?$/, 'turn:').default([]),
  TURN_SECRET: secret.optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  // Matching widens from the exact level to adjacent levels, then to any level, as a ticket waits.
  MATCH_ADJACENT_LEVEL_AFTER_MS: positiveInt.default(10_000),
  MATCH_ANY_LEVEL_AFTER_MS: positiveInt.default(25_000),
  // A partner whose socket stays gone this long ends the call with connection_issue.
  SESSION_RECONNECT_GRACE_MS: positiveInt.default(15_000),
  OFFER_TTL_MS: positiveInt.default(60_000),
  TURN_TTL_SECONDS: positiveInt.default(3600),
  // 'relay' makes every call go through TURN, so partners never learn each other's IP address.
  ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
  // Socket messages per second per socket; bursts of twice as many pass.
  SOCKET_RATE_LIMIT: positiveInt.default(50),
  RATE_LIMIT_MAX: positiveInt.default(300),
  // Sign-in attempts per IP per minute: each one costs a round trip to the provider.
  SIGNIN_RATE_LIMIT_MAX: positiveInt.default(20),
  BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
  WEB_DIST: z.string().optional(),
  // Background jobs (account purge and inactivity termination) run on every instance that has
  // them on; an advisory lock lets one instance at a time do each job's work.
  JOBS_ENABLED: flag.default(true),
  RETENTION_JOBS_INTERVAL_MS: positiveInt.default(60 * 60 * 1000),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // Behind a load balancer the client address comes from X-Forwarded-For: true trusts every hop,
  // a number trusts that many hops, anything else is a list of trusted proxy addresses.
  TRUST_PROXY: z.string().transform(parseTrustProxy).default(false),
});

type ParsedEnv = z.infer<typeof envSchema>;

/**
 * Who takes payments: Stripe with its keys, the development billing provider (outside
 * production, without keys), or nobody (Premium is then granted by an operator only).
 */
export type BillingConfig =
  | { provider: 'stripe'; secretKey: string; webhookSecret: string }
  | { provider: 'development'; secretKey: string; webhookSecret: string }
  | null;

export type Config = Omit<
  ParsedEnv,
  'PUBLIC_URL' | 'ALLOWED_ORIGINS' | 'DEV_SIGNIN' | 'API_DOCS' | 'DEV_BILLING' | 'STRIPE_SECRET_KEY'
> & {
  /** Origin the browser opens, without a trailing slash. */
  PUBLIC_URL: string;
  ALLOWED_ORIGINS: string[];
  DEV_SIGNIN: boolean;
  BILLING: BillingConfig;
  API_DOCS: boolean;
  JWT_SECRET: string;
  API_KEY: string;
  /** Absolute paths, resolved against the working directory the process was started in. */
  DATA_DIR: string;
  WEB_DIST: string;
};

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment into a typed Config, or throws ConfigError listing every bad variable.
 * It reads nothing but its arguments; the only side effect is the development JWT secret, which
 * tests avoid by passing JWT_SECRET (or a store of their own).
 */
export function loadConfig(
  env: Env = process.env,
  devSecrets: DevSecretStore = fileDevSecretStore,
): Config {
  const input = withoutBlanks(env);
  const parsed = envSchema.safeParse(input);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  issues.push(...crossFieldIssues(input));

  // Checked on the raw input so that their problems are listed even when other variables fail.
  const publicUrl = resolvePublicUrl(input, issues);
  const allowedOrigins = resolveAllowedOrigins(input, publicUrl, issues);
  if (!parsed.success || publicUrl === undefined || issues.length > 0) {
    throw new ConfigError(issues);
  }

  const { STRIPE_SECRET_KEY, DEV_BILLING, ...values } = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  const jwtSecret = values.JWT_SECRET ?? readDevSecret(devSecrets, dataDir);
  return {
    ...values,
    BILLING: billingConfig(
      STRIPE_SECRET_KEY,
      values.STRIPE_WEBHOOK_SECRET,
      DEV_BILLING ?? values.NODE_ENV !== 'production',
      jwtSecret,
    ),
    PUBLIC_URL: publicUrl,
    ALLOWED_ORIGINS: allowedOrigins,
    DEV_SIGNIN: values.DEV_SIGNIN ?? values.NODE_ENV !== 'production',
    API_DOCS: values.API_DOCS ?? values.NODE_ENV !== 'production',
    API_KEY: values.API_KEY ?? DEV_API_KEY,
    JWT_SECRET: jwtSecret,
    DATA_DIR: dataDir,
    WEB_DIST: values.WEB_DIST ? resolve(values.WEB_DIST) : resolve(serverRoot, '../web/dist'),
  };
}

/** For the process entry point: print every problem and stop before anything starts. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

function crossFieldIssues(input: Env): string[] {
  const issues: string[] = [];
  if (input.NODE_ENV === 'production') {
    if (!input.JWT_SECRET) issues.push('JWT_SECRET: required in production');
    if (!input.API_KEY) issues.push('API_KEY: required in production');
    if (input.API_KEY === DEV_API_KEY) {
      issues.push('API_KEY: the development key must not be used in production');
    }
    if (input.DEV_SIGNIN && TRUE_WORDS.includes(input.DEV_SIGNIN)) {
      issues.push('DEV_SIGNIN: the development sign-in must be off in production');
    }
    if (input.DEV_BILLING && TRUE_WORDS.includes(input.DEV_BILLING)) {
      issues.push('DEV_BILLING: the development billing provider must be off in production');
    }
  }
  const pairs: [string, string][] = [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['LINE_CHANNEL_ID', 'LINE_CHANNEL_SECRET'],
    ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ];
  for (const [id, key] of pairs) {
    if (Boolean(input[id]) !== Boolean(input[key]))
      issues.push(`${id}/${key}: set both or neither`);
  }
  if (input.KAKAO_CLIENT_SECRET && !input.KAKAO_CLIENT_ID) {
    issues.push('KAKAO_CLIENT_ID: required when KAKAO_CLIENT_SECRET is set');
  }
  if (input.REDIS_URL && input.REDIS_CLUSTER_NODES) {
    issues.push('REDIS_URL/REDIS_CLUSTER_NODES: set one or neither (one Redis, or a cluster)');
  }
  if (input.TURN_URLS && !input.TURN_SECRET) {
    issues.push('TURN_SECRET: required when TURN_URLS is set');
  }
  return issues;
}

/** PUBLIC_URL as an origin; undefined when unusable (the schema then reports why). */
function resolvePublicUrl(input: Env, issues: string[]): string | undefined {
  const raw = input.PUBLIC_URL ?? `http://localhost:${input.PORT ?? 3000}`;
  if (!URL.canParse(raw)) return undefined;
  const url = new URL(raw);
  if (url.pathname !== '/' || url.search || url.hash) {
    issues.push('PUBLIC_URL: must be an origin such as https://parlo.example, without a path');
    return undefined;
  }
  return url.origin;
}

function resolveAllowedOrigins(
  input: Env,
  publicUrl: string | undefined,
  issues: string[],
): string[] {
  const defaults = input.NODE_ENV === 'production' ? [publicUrl] : [publicUrl, DEV_WEB_ORIGIN];
  const listed = input.ALLOWED_ORIGINS
    ? splitList(input.ALLOWED_ORIGINS)
    : defaults.filter((origin) => origin !== undefined);
  const origins: string[] = [];
  for (const entry of listed) {
    const origin = originOf(entry);
    if (origin === undefined) issues.push(`ALLOWED_ORIGINS: "${entry}" is not an http(s) origin`);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

function originOf(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    const isOrigin = url.pathname === '/' && !url.search && !url.hash;
    return isOrigin && (url.protocol === 'http:' || url.protocol === 'https:')
      ? url.origin
      : undefined;
  } catch {
    return undefined;
  }
}

/** The development provider's keys derive from JWT_SECRET, so every instance agrees on them. */
export const DEV_STRIPE_SECRET_KEY = 'sk_test_parlodevelopment';

function billingConfig(
  secretKey: string | undefined,
  webhookSecret: string | undefined,
  devBilling: boolean,
  jwtSecret: string,
): BillingConfig {
  if (secretKey && webhookSecret) return { provider: 'stripe', secretKey, webhookSecret };
  if (!devBilling) return null;
  const derived = Buffer.from(
    hkdfSync('sha256', jwtSecret, 'parlo-dev-billing', 'webhook-secret', 24),
  ).toString('base64url');
  return {
    provider: 'development',
    secretKey: DEV_STRIPE_SECRET_KEY,
    webhookSecret: `whsec_${derived.replace(/[^A-Za-z0-9]/g, '')}`,
  };
}

function readDevSecret(store: DevSecretStore, dataDir: string): string {
  try {
    return store.readOrCreate(dataDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError([
      `JWT_SECRET: not set, and no secret could be kept in DATA_DIR (${reason})`,
    ]);
  }
}

// `FOO=` in an env file means "not set", so blank values fall back to defaults.
function withoutBlanks(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function parseTrustProxy(value: string): boolean | number | string {
  const lower = value.toLowerCase();
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (['false', 'no', 'off'].includes(lower)) return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}
