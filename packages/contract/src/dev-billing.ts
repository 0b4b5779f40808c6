import { z } from 'zod';

/**
 * Forms of the development billing provider's hosted pages (mounted outside production): the
 * Checkout page and the Billing Portal page post these back to it.
 */

const objectId = z.string().regex(/^[a-z]+_[A-Za-z0-9]{8,64}$/);

export const devBillingPageParamsSchema = z.object({ id: objectId });

export const devCheckoutFormSchema = z.object({
  action: z.enum(['pay', 'decline']),
});

export const DEV_PORTAL_ACTIONS = [
  /** Cancel at the end of the period, as Stripe's portal does. */
  'cancel',
  /** Take the cancellation back before the period ends. */
  'renew',
  /** Development only: move this subscription's clock to its period end (renewal pays). */
  'advance',
  /** Development only: move to the period end with a card that declines the renewal. */
  'advance_decline',
  /** Development only: refund the latest payment in full. */
  'refund',
] as const;

export const devPortalFormSchema = z.object({
  action: z.enum(DEV_PORTAL_ACTIONS),
});

/**
 * The subset of Stripe's API (v1, form-encoded, bracket notation) that Parlo's server calls
 * through the SDK, as the development provider accepts it.
 */
const text = (max: number) => z.string().max(max);
const metadata = z.record(z.string().max(40), text(500)).optional();
const url = z.string().url().max(2048);

export const devCustomerCreateSchema = z.object({
  email: z.string().email().max(254).optional(),
  metadata,
});

export const devCheckoutCreateSchema = z.object({
  mode: z.literal('subscription'),
  customer: text(255),
  client_reference_id: text(200).optional(),
  line_items: z
    .array(
      z.object({
        quantity: z.coerce.number<string>().int().positive().optional(),
        price_data: z.object({
          currency: z.string().regex(/^[a-z]{3}$/),
          unit_amount: z.coerce.number<string>().int().positive(),
          recurring: z.object({ interval: z.enum(['day', 'week', 'month', 'year']) }),
          product: text(255).optional(),
          product_data: z.object({ name: text(250) }).optional(),
        }),
      }),
    )
    .length(1),
  subscription_data: z.object({ metadata }).optional(),
  metadata,
  success_url: url,
  cancel_url: url,
  locale: text(10).optional(),
});
export type DevCheckoutCreate = z.infer<typeof devCheckoutCreateSchema>;

export const devPortalCreateSchema = z.object({
  customer: text(255),
  return_url: url.optional(),
});

export const devObjectParamsSchema = z.object({ id: text(255) });

export const devListQuerySchema = z.object({
  limit: z.coerce.number<string>().int().min(1).max(100).default(10),
  type: text(100).optional(),
});
