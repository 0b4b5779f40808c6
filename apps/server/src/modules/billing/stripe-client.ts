import Stripe from 'stripe';
import type { BillingConfig } from '../../config/env.ts';

export type { Stripe };

/**
 * The SDK client, made on first use: with the development provider it talks to this server's own
 * address, known only once the server listens (the SDK's host, port and protocol settings).
 */
export function stripeClientFactory(
  billing: NonNullable<BillingConfig>,
  internalUrl: () => string,
): () => Stripe {
  let client: Stripe | undefined;
  return () => {
    if (client) return client;
    if (billing.provider === 'stripe') {
      client = new Stripe(billing.secretKey, {
        maxNetworkRetries: 2,
        timeout: 15_000,
        appInfo: { name: 'Parlo' },
      });
    } else {
      const url = new URL(internalUrl());
      client = new Stripe(billing.secretKey, {
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: Number(url.port),
        protocol: 'http',
        maxNetworkRetries: 0,
        timeout: 15_000,
        telemetry: false,
      });
    }
    return client;
  };
}

/** Verifies the Stripe-Signature header over the raw body and answers the event. */
export function verifyStripeEvent(
  raw: Buffer,
  signature: string,
  secret: string,
  toleranceSeconds: number,
  now: Date,
) {
  return Stripe.webhooks.constructEvent(
    raw,
    signature,
    secret,
    toleranceSeconds,
    undefined,
    // In milliseconds: the SDK divides by 1000 itself.
    now.getTime(),
  );
}

/** Signs a payload the way Stripe does (the development provider and the tests deliver with it). */
export function signStripePayload(payload: string, secret: string, now: Date) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(now.getTime() / 1000),
  });
}

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;
