import { ERROR_CODES } from '@parlo/contract/errors';
import {
  stripeEventEnvelopeSchema,
  type BillingCurrency,
  type BillingOverview,
  type BillingRedirect,
  type PremiumPrice,
} from '@parlo/contract/billing';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../lib/errors.ts';
import type { BillingRepo, SyncedView } from './billing-repo.ts';
import { currencyForCountry, isOpen, paidState } from './entitlement.ts';
import { isStripeError, verifyStripeEvent, type Stripe } from './stripe-client.ts';
import { eventSubject, idOf, subscriptionView } from './stripe-views.ts';

export interface BillingService {
  overview(userId: string): Promise<BillingOverview>;
  startCheckout(userId: string, currency: BillingCurrency): Promise<BillingRedirect>;
  openPortal(userId: string): Promise<BillingRedirect>;
  /** Verifies and handles one webhook delivery; answers whether it was new. */
  handleWebhook(raw: Buffer, signature: string | undefined): Promise<'applied' | 'duplicate'>;
  /** Cancels at once whatever Stripe may still charge the user for (account deletion). */
  cancelForUser(userId: string): Promise<void>;
}

export interface BillingServiceDeps {
  billingRepo: BillingRepo;
  billing: BillingConfig;
  prices: readonly PremiumPrice[];
  /** A Stripe product for the price; without it Checkout describes the product inline. */
  productId?: string;
  publicUrl: string;
  webhookToleranceSeconds: number;
  stripe: (() => Stripe) | null;
  clock: Clock;
  log: FastifyBaseLogger;
}

const PRODUCT_NAME = 'Parlo Premium';

export function createBillingService(deps: BillingServiceDeps): BillingService {
  const { billingRepo, clock, log } = deps;

  function client(): Stripe {
    if (!deps.billing || !deps.stripe) {
      throw new NotFoundError('Payments are not available', ERROR_CODES.billingUnavailable);
    }
    return deps.stripe();
  }

  /** A Stripe call; Stripe being unreachable or refusing answers 503 (webhooks are then retried). */
  async function call<T>(what: string, work: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = client();
    try {
      return await work(stripe);
    } catch (error) {
      if (!isStripeError(error)) throw error;
      log.error({ err: error, what }, 'Stripe call failed');
      throw new ServiceUnavailableError('The payment service did not answer; try again shortly');
    }
  }

  async function cancelAtStripe(subscriptionId: string) {
    const stripe = client();
    try {
      await stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      // Already canceled (or gone) is what was wanted.
      if (isStripeError(error) && error.type === 'StripeInvalidRequestError') return;
      throw error;
    }
  }

  /** Reads the subscription now, with a ticket taken before the read (see billing_subscriptions). */
  async function read(subscriptionId: string): Promise<SyncedView> {
    const ticket = await billingRepo.nextSyncTicket();
    const subscription = await call('retrieve subscription', (stripe) =>
      stripe.subscriptions.retrieve(subscriptionId),
    );
    const view = subscriptionView(subscription);
    view.userId ??= (await billingRepo.userOfCustomer(view.customerId)) ?? null;
    // Deleting the account cancels; a subscription still open for a deleted account (a checkout
    // finished after the deletion, or a cancel that failed) is cancelled here.
    if (view.userId && isOpen(view.status) && !(await billingRepo.isLiveUser(view.userId))) {
      await call('cancel subscription', () => cancelAtStripe(subscriptionId));
      return read(subscriptionId);
    }
    return { view, ticket };
  }

  /** A full refund ends Premium: the subscription is cancelled at once, as the refund says. */
  async function subscriptionsRefunded(charge: Stripe.Charge): Promise<string[]> {
    const customerId = idOf(charge.customer);
    if (!charge.refunded || !customerId) return [];
    const userId = await billingRepo.userOfCustomer(customerId);
    if (!userId) return [];
    const open = await billingRepo.openSubscriptions(userId);
    for (const subscription of open) {
      await call('cancel subscription', () => cancelAtStripe(subscription.id));
    }
    return open.map((subscription) => subscription.id);
  }

  return {
    async overview(userId) {
      const buyer = await billingRepo.findBuyer(userId);
      const subscription = await billingRepo.latestSubscription(userId);
      const offered = deps.billing ? [...deps.prices] : [];
      const suggested = currencyForCountry(buyer?.country);
      const currency = offered.some((price) => price.currency === suggested)
        ? suggested
        : (offered[0]?.currency ?? null);
      return {
        purchasable: deps.billing !== null,
        development: deps.billing?.provider === 'development',
        prices: offered,
        currency,
        subscription: subscription
          ? {
              state: paidState(subscription),
              currency: subscription.currency,
              currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
            }
          : null,
        manageable: deps.billing !== null && (await billingRepo.findCustomer(userId)) !== undefined,
      };
    },

    async startCheckout(userId, currency) {
      client();
      const price = deps.prices.find((candidate) => candidate.currency === currency);
      if (!price) throw new BadRequestError(`Premium is not sold in ${currency}`);
      if (await billingRepo.hasPremium(userId, clock.now())) {
        throw new ConflictError('You already have Premium');
      }
      const buyer = await billingRepo.findBuyer(userId);
      if (!buyer) throw new NotFoundError('Account not found');
      let customerId = await billingRepo.findCustomer(userId);
      if (!customerId) {
        const customer = await call('create customer', (stripe) =>
          stripe.customers.create({
            ...(buyer.email ? { email: buyer.email } : {}),
            metadata: { userId },
          }),
        );
        customerId = await billingRepo.saveCustomer(userId, customer.id);
      }
      const session = await call('create checkout session', (stripe) =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: userId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: price.currency.toLowerCase(),
                unit_amount: price.unitAmount,
                recurring: { interval: price.interval },
                ...(deps.productId
                  ? { product: deps.productId }
                  : { product_data: { name: PRODUCT_NAME } }),
              },
            },
          ],
          subscription_data: { metadata: { userId } },
          metadata: { userId },
          success_url: `${deps.publicUrl}/premium?checkout=success`,
          cancel_url: `${deps.publicUrl}/premium?checkout=cancelled`,
        }),
      );
      if (!session.url) throw new ServiceUnavailableError('Checkout did not answer a page');
      return { url: session.url };
    },

    async openPortal(userId) {
      client();
      const customerId = await billingRepo.findCustomer(userId);
      if (!customerId) throw new NotFoundError('No subscription to manage');
      const session = await call('create portal session', (stripe) =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: `${deps.publicUrl}/premium`,
        }),
      );
      return { url: session.url };
    },

    async handleWebhook(raw, signature) {
      if (!deps.billing) {
        throw new NotFoundError('Payments are not available', ERROR_CODES.billingUnavailable);
      }
      const now = clock.now();
      let event: Stripe.Event;
      try {
        event = verifyStripeEvent(
          raw,
          signature ?? '',
          deps.billing.webhookSecret,
          deps.webhookToleranceSeconds,
          now,
        );
      } catch {
        throw new BadRequestError('Stripe-Signature does not verify', ERROR_CODES.invalidSignature);
      }
      const envelope = stripeEventEnvelopeSchema.safeParse(event);
      if (!envelope.success) throw new BadRequestError('Not a Stripe event');
      if (await billingRepo.hasEvent(event.id)) return 'duplicate';

      const { subscriptionId, link } = eventSubject(event);
      const ids =
        event.type === 'charge.refunded'
          ? await subscriptionsRefunded(event.data.object)
          : subscriptionId
            ? [subscriptionId]
            : [];
      if (link) await billingRepo.saveCustomer(link.userId, link.customerId);
      const synced: SyncedView[] = [];
      for (const id of ids) synced.push(await read(id));
      const outcome = await billingRepo.recordEvent(event, synced, link, clock.now());
      log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
      return outcome;
    },

    async cancelForUser(userId) {
      if (!deps.billing) return;
      for (const subscription of await billingRepo.openSubscriptions(userId)) {
        await call('cancel subscription', () => cancelAtStripe(subscription.id));
      }
    },
  };
}
