import type { Stripe } from './stripe-client.ts';
import {
  STRIPE_SUBSCRIPTION_STATUSES,
  type StripeSubscriptionStatus,
} from '../../db/tables/billing.ts';
import type { SubscriptionView } from './entitlement.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** A user id carried in Stripe metadata, if it is one. */
export function userIdIn(metadata: Record<string, string> | null | undefined): string | null {
  const value = metadata?.userId;
  return value && UUID.test(value) ? value : null;
}

/**
 * Parlo's reading of a Stripe subscription. Since API version 2025-03-31 the billing period lives
 * on the subscription items; a cancellation at period end shows as `cancel_at_period_end` or as
 * `cancel_at` (what the Billing Portal sets).
 */
export function subscriptionView(subscription: Stripe.Subscription): SubscriptionView {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  const currentPeriodEnd = fromSeconds(ends.length > 0 ? Math.max(...ends) : subscription.created);
  const status = (STRIPE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)
    ? (subscription.status as StripeSubscriptionStatus)
    : 'incomplete';
  const cancelAt =
    subscription.cancel_at !== null
      ? fromSeconds(subscription.cancel_at)
      : subscription.cancel_at_period_end
        ? currentPeriodEnd
        : null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    userId: userIdIn(subscription.metadata),
    status,
    currency: subscription.currency.toUpperCase(),
    currentPeriodEnd,
    cancelAt,
  };
}

/** The subscription an event is about, and the customer link it carries, if any. */
export function eventSubject(event: Stripe.Event): {
  subscriptionId: string | null;
  link: { userId: string; customerId: string } | null;
} {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const customerId = idOf(session.customer);
      const userId = session.client_reference_id;
      const link = customerId && userId && UUID.test(userId) ? { userId, customerId } : null;
      return { subscriptionId: idOf(session.subscription), link };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { subscriptionId: event.data.object.id, link: null };
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.payment_succeeded': {
      const details = event.data.object.parent?.subscription_details;
      return { subscriptionId: idOf(details?.subscription), link: null };
    }
    default:
      return { subscriptionId: null, link: null };
  }
}

export { idOf };
