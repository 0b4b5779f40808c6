import type { BillingCurrency, PaidSubscriptionState } from '@parlo/contract/billing';
import type { StripeSubscriptionStatus } from '../../db/tables/billing.ts';

/** What Parlo reads from a Stripe subscription; the rest of the object stays at Stripe. */
export interface SubscriptionView {
  id: string;
  customerId: string;
  /** From the subscription's metadata, set at checkout. */
  userId: string | null;
  status: StripeSubscriptionStatus;
  currency: string;
  currentPeriodEnd: Date;
  /** When Stripe will end it; null while it renews. */
  cancelAt: Date | null;
}

/**
 * A renewing subscription keeps Premium this long past its period end, while Stripe finalises and
 * collects the renewal invoice (about an hour, longer on retries); a failed payment ends it sooner.
 */
export const RENEWAL_GRACE_MS = 2 * 86_400_000;

const ENTITLED: readonly StripeSubscriptionStatus[] = ['active', 'trialing'];
const OVER: readonly StripeSubscriptionStatus[] = ['canceled', 'incomplete_expired', 'paused'];

/**
 * Until when the subscription pays for Premium, or null when it pays for nothing now: Premium
 * lasts until the end of the paid period (or Stripe's set end), and a subscription Stripe marks
 * past due, unpaid or canceled grants none.
 */
export function premiumUntil(view: SubscriptionView): Date | null {
  if (!ENTITLED.includes(view.status)) return null;
  if (view.cancelAt)
    return new Date(Math.min(view.cancelAt.getTime(), view.currentPeriodEnd.getTime()));
  return new Date(view.currentPeriodEnd.getTime() + RENEWAL_GRACE_MS);
}

/** How the Premium page names the subscription's state. */
export function paidState(
  view: Pick<SubscriptionView, 'status' | 'cancelAt'>,
): PaidSubscriptionState {
  if (ENTITLED.includes(view.status)) return view.cancelAt ? 'cancelling' : 'active';
  if (OVER.includes(view.status)) return 'ended';
  return 'past_due';
}

/** Whether Stripe may still charge for it (so account deletion must cancel it). */
export const isOpen = (status: StripeSubscriptionStatus) =>
  status !== 'canceled' && status !== 'incomplete_expired';

const EUROZONE = new Set(
  'AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES AD MC SM VA ME XK'.split(' '),
);

/** The currency a learner from `country` most likely pays in; USD for the rest of the world. */
export function currencyForCountry(country: string | null | undefined): BillingCurrency {
  if (!country) return 'USD';
  if (EUROZONE.has(country)) return 'EUR';
  const byCountry: Record<string, BillingCurrency> = { KR: 'KRW', JP: 'JPY', BR: 'BRL' };
  return byCountry[country] ?? 'USD';
}
