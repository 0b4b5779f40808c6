import { z } from 'zod';

/**
 * Buying Premium (issue 19): prices, the billing state the Premium page shows, and the redirects
 * to Stripe's hosted Checkout and Billing Portal. The plan itself stays in `tokens.ts`.
 */

/** Currencies Premium can be bought in; each needs a price in the server's configuration. */
export const BILLING_CURRENCIES = ['EUR', 'USD', 'KRW', 'JPY', 'BRL'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];
export const billingCurrencySchema = z.enum(BILLING_CURRENCIES);

/** Digits after the decimal point of an amount in Stripe's smallest unit (JPY and KRW have none). */
export const CURRENCY_MINOR_DIGITS: Record<BillingCurrency, number> = {
  EUR: 2,
  USD: 2,
  KRW: 0,
  JPY: 0,
  BRL: 2,
};

/** Premium renews every month. */
export const BILLING_INTERVAL = 'month';

export const premiumPriceSchema = z.object({
  currency: billingCurrencySchema,
  /** In the currency's smallest unit, as Stripe counts it (499 = 4.99 EUR, 700 = 700 JPY). */
  unitAmount: z.number().int().positive(),
  interval: z.literal(BILLING_INTERVAL),
});
export type PremiumPrice = z.infer<typeof premiumPriceSchema>;

/** The amount in whole currency units, for Intl.NumberFormat. */
export const majorAmount = (price: Pick<PremiumPrice, 'currency' | 'unitAmount'>) =>
  price.unitAmount / 10 ** CURRENCY_MINOR_DIGITS[price.currency];

/**
 * A paid subscription as Parlo last heard of it from Stripe: `active` renews, `cancelling` ends
 * at `currentPeriodEnd`, `past_due` had a renewal fail (Premium is paused), `ended` is over.
 */
export const PAID_SUBSCRIPTION_STATES = ['active', 'cancelling', 'past_due', 'ended'] as const;
export type PaidSubscriptionState = (typeof PAID_SUBSCRIPTION_STATES)[number];

export const paidSubscriptionSchema = z.object({
  state: z.enum(PAID_SUBSCRIPTION_STATES),
  currency: z.string(),
  currentPeriodEnd: z.string(),
});
export type PaidSubscription = z.infer<typeof paidSubscriptionSchema>;

export const billingOverviewSchema = z.object({
  /** Whether Premium can be bought here (Stripe keys, or the development provider). */
  purchasable: z.boolean(),
  /** Only set outside production: the development billing provider stands in for Stripe. */
  development: z.boolean(),
  prices: z.array(premiumPriceSchema),
  /** The currency suggested for this user (from their country), one of `prices`. */
  currency: billingCurrencySchema.nullable(),
  /** The latest paid subscription, if the user ever bought Premium. */
  subscription: paidSubscriptionSchema.nullable(),
  /** Whether the Billing Portal can be opened (the user has a Stripe customer). */
  manageable: z.boolean(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const checkoutBodySchema = z.strictObject({ currency: billingCurrencySchema });
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Where the browser goes next: a Stripe-hosted page. */
export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

/** The return address query of the Premium page after Checkout. */
export const CHECKOUT_RESULTS = ['success', 'cancelled'] as const;
export type CheckoutResult = (typeof CHECKOUT_RESULTS)[number];

/**
 * The envelope of a Stripe event, checked after its signature verified; the object inside is
 * Stripe's, read field by field by the server.
 */
export const stripeEventEnvelopeSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
