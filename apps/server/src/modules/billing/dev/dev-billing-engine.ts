import { randomBytes } from 'node:crypto';
import type { DevCheckoutCreate } from '@parlo/contract/dev-billing';
import Stripe from 'stripe';
import type { DevBillingStore, DevObject } from './dev-billing-store.ts';

/**
 * What the development provider does as Stripe would: customers, Checkout, subscriptions that
 * renew, fail or end at their period end, refunds, and the events each change produces. Each
 * subscription keeps its own clock (`test_clock_time`), which the Portal page can move to the
 * period end, as Stripe's test clocks do.
 */

export type DevEvent = DevObject & { type: string; created: number };

export interface DevSubscription extends DevObject {
  customer: string;
  status: string;
  currency: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  items: { object: 'list'; data: DevItem[] };
  /** The subscription's own clock, seconds; moved by the Portal's development controls. */
  test_clock_time: number;
}

interface DevItem {
  id: string;
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  quantity: number;
  price: { id: string; currency: string; unit_amount: number; recurring: { interval: string } };
}

export type PortalAction = 'cancel' | 'renew' | 'advance' | 'advance_decline' | 'refund';

export const newId = (prefix: string) =>
  `${prefix}_${randomBytes(18)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24)}`;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function addInterval(start: number, interval: string): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7);
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return seconds(date);
}

export function createDevBillingEngine(deps: {
  store: DevBillingStore;
  publicUrl: string;
  now: () => Date;
  /** Sends the events to the webhook endpoint (in the background). */
  emit: (events: DevEvent[]) => void;
}) {
  const { publicUrl } = deps;
  const store = deps.store;
  const now = () => seconds(deps.now());

  async function event(store: DevBillingStore, type: string, object: DevObject): Promise<DevEvent> {
    const created: DevEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    await store.put('event', created);
    return created;
  }

  /** An invoice for the subscription's current period, paid (with its charge) or failed. */
  async function invoice(
    store: DevBillingStore,
    subscription: DevSubscription,
    paid: boolean,
    reason: string,
  ) {
    const item = subscription.items.data[0]!;
    const amount = item.price.unit_amount;
    const charge = {
      id: newId('ch'),
      object: 'charge',
      customer: subscription.customer,
      amount,
      amount_refunded: 0,
      currency: subscription.currency,
      paid,
      refunded: false,
      status: paid ? 'succeeded' : 'failed',
      created: now(),
    };
    await store.put('charge', charge, subscription.customer);
    const created = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      currency: subscription.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        quote_details: null,
      },
      created: now(),
    };
    await store.put('invoice', created, subscription.customer);
    return created;
  }

  return {
    async createCustomer(params: { email?: string; metadata?: Record<string, string> }) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: params.email ?? null,
        metadata: params.metadata ?? {},
        created: now(),
      };
      await store.put('customer', customer);
      deps.emit([await event(store, 'customer.created', customer)]);
      return customer;
    },

    async createCheckoutSession(params: DevCheckoutCreate) {
      if (!(await store.get('customer', params.customer))) return undefined;
      const id = newId('cs');
      const line = params.line_items[0]!;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        subscription: null,
        currency: line.price_data.currency,
        amount_total: line.price_data.unit_amount * (line.quantity ?? 1),
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `${publicUrl}/dev-billing/checkout/${id}`,
        // Kept to make the subscription when the page is paid; Stripe keeps line items likewise.
        line_item: line,
        subscription_metadata: params.subscription_data?.metadata ?? {},
        created: now(),
      };
      await store.put('checkout.session', session, params.customer);
      return session;
    },

    /** The buyer paid on the Checkout page: the subscription starts with a paid first invoice. */
    async completeCheckout(sessionId: string) {
      const events: DevEvent[] = [];
      const session = await store.change<DevObject>(
        'checkout.session',
        sessionId,
        async (open, store) => {
          if (open.status !== 'open') return undefined;
          const line = open.line_item as DevCheckoutCreate['line_items'][number];
          const start = now();
          const subscription: DevSubscription = {
            id: newId('sub'),
            object: 'subscription',
            customer: open.customer as string,
            status: 'active',
            currency: line.price_data.currency,
            metadata: open.subscription_metadata as Record<string, string>,
            cancel_at_period_end: false,
            cancel_at: null,
            canceled_at: null,
            ended_at: null,
            latest_invoice: null,
            created: start,
            start_date: start,
            test_clock_time: start,
            items: {
              object: 'list',
              data: [
                {
                  id: newId('si'),
                  object: 'subscription_item',
                  current_period_start: start,
                  current_period_end: addInterval(start, line.price_data.recurring.interval),
                  quantity: line.quantity ?? 1,
                  price: {
                    id: newId('price'),
                    currency: line.price_data.currency,
                    unit_amount: line.price_data.unit_amount,
                    recurring: line.price_data.recurring,
                  },
                },
              ],
            },
          };
          const first = await invoice(store, subscription, true, 'subscription_create');
          subscription.latest_invoice = first.id;
          await store.put('subscription', subscription, subscription.customer);
          const completed = {
            ...open,
            status: 'complete',
            payment_status: 'paid',
            subscription: subscription.id,
          };
          // Stripe does not promise an order; the subscription events come before the session's.
          events.push(
            await event(store, 'customer.subscription.created', subscription),
            await event(store, 'invoice.paid', first),
            await event(store, 'checkout.session.completed', completed),
          );
          return completed;
        },
      );
      if (session) deps.emit(events);
      return session;
    },

    async createPortalSession(params: { customer: string; return_url?: string }) {
      if (!(await store.get('customer', params.customer))) return undefined;
      const id = newId('bps');
      const portal = {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: `${publicUrl}/dev-billing/portal/${id}`,
        created: now(),
        livemode: false,
      };
      await store.put('billing_portal.session', portal, params.customer);
      return portal;
    },

    /** DELETE /v1/subscriptions/:id: ends it now. */
    async cancelNow(subscriptionId: string) {
      let events: DevEvent[] = [];
      const ended = await store.change<DevSubscription>(
        'subscription',
        subscriptionId,
        async (s, store) => {
          if (s.status === 'canceled') return undefined;
          const at = Math.max(now(), s.test_clock_time);
          const next = { ...s, status: 'canceled', canceled_at: at, ended_at: at };
          events = [await event(store, 'customer.subscription.deleted', next)];
          return next;
        },
      );
      deps.emit(events);
      return ended ?? (await store.get<DevSubscription>('subscription', subscriptionId));
    },

    /** What the Portal page's buttons do to the customer's latest subscription. */
    async portalAction(subscriptionId: string, action: PortalAction) {
      const events: DevEvent[] = [];
      await store.change<DevSubscription>('subscription', subscriptionId, async (s, store) => {
        const item = s.items.data[0]!;
        const end = item.current_period_end;
        if (action === 'cancel' || action === 'renew') {
          if (s.status === 'canceled') return undefined;
          const cancelling = action === 'cancel';
          const next = {
            ...s,
            cancel_at_period_end: cancelling,
            cancel_at: cancelling ? end : null,
            canceled_at: cancelling ? now() : null,
          };
          events.push(await event(store, 'customer.subscription.updated', next));
          return next;
        }
        if (action === 'refund') {
          const charges = await store.list<DevObject>('charge', 50, s.customer);
          const charge = charges.find((candidate) => candidate.paid && !candidate.refunded);
          if (!charge) return undefined;
          const refunded = { ...charge, refunded: true, amount_refunded: charge.amount };
          await store.put('charge', refunded, s.customer);
          events.push(await event(store, 'charge.refunded', refunded));
          return undefined;
        }
        if (s.status === 'canceled') return undefined;
        // Advancing the subscription's clock to its period end: it ends, or renews.
        if (s.cancel_at !== null || s.cancel_at_period_end) {
          const next = { ...s, status: 'canceled', ended_at: end, test_clock_time: end };
          events.push(await event(store, 'customer.subscription.deleted', next));
          return next;
        }
        const paid = action === 'advance';
        const renewed: DevSubscription = {
          ...s,
          test_clock_time: end,
          status: paid ? 'active' : 'past_due',
          items: {
            object: 'list',
            data: [
              paid
                ? {
                    ...item,
                    current_period_start: end,
                    current_period_end: addInterval(end, item.price.recurring.interval),
                  }
                : item,
            ],
          },
        };
        const bill = await invoice(store, renewed, paid, 'subscription_cycle');
        renewed.latest_invoice = bill.id;
        events.push(
          await event(store, paid ? 'invoice.paid' : 'invoice.payment_failed', bill),
          await event(store, 'customer.subscription.updated', renewed),
        );
        return renewed;
      });
      deps.emit(events);
    },
  };
}

export type DevBillingEngine = ReturnType<typeof createDevBillingEngine>;
