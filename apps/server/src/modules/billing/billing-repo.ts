import { and, desc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  billingCustomers,
  billingEvents,
  billingSubscriptions,
  billingSyncSequence,
} from '../../db/tables/billing.ts';
import { subscriptions } from '../../db/tables/tokens.ts';
import { profiles, users } from '../../db/tables/users.ts';
import {
  activeSubscriptionLocked,
  lockUsers,
  startFreeSubscription,
} from '../tokens/token-ledger-repo.ts';
import { rowsOf } from '../tokens/token-state-query.ts';
import { premiumUntil, type SubscriptionView } from './entitlement.ts';

/** A subscription read from Stripe, with the ticket taken before the read. */
export interface SyncedView {
  view: SubscriptionView;
  ticket: number;
}

export interface StoredSubscription extends Omit<SubscriptionView, 'userId'> {
  userId: string;
}

export interface BillingRepo {
  findCustomer(userId: string): Promise<string | undefined>;
  /** Keeps the first customer saved for the user and answers it. */
  saveCustomer(userId: string, customerId: string): Promise<string>;
  userOfCustomer(customerId: string): Promise<string | undefined>;
  /** For the checkout: the account's email and country, if the account is live. */
  findBuyer(userId: string): Promise<{ email: string | null; country: string | null } | undefined>;
  isLiveUser(userId: string): Promise<boolean>;
  /** Whether the user has Premium now (paid or granted), so a second purchase is refused. */
  hasPremium(userId: string, now: Date): Promise<boolean>;
  latestSubscription(userId: string): Promise<StoredSubscription | undefined>;
  /** Subscriptions Stripe may still charge: deletion cancels them. */
  openSubscriptions(userId: string): Promise<StoredSubscription[]>;
  hasEvent(eventId: string): Promise<boolean>;
  nextSyncTicket(): Promise<number>;
  /**
   * Stores the event id and applies what was read from Stripe, in one transaction: a second
   * delivery of the event (even a concurrent one) finds the id and changes nothing.
   */
  recordEvent(
    event: { id: string; type: string },
    synced: SyncedView[],
    link: { userId: string; customerId: string } | null,
    now: Date,
  ): Promise<'applied' | 'duplicate'>;
}

const storedColumns = {
  id: billingSubscriptions.id,
  userId: billingSubscriptions.userId,
  customerId: billingSubscriptions.customerId,
  status: billingSubscriptions.status,
  currency: billingSubscriptions.currency,
  currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
  cancelAt: billingSubscriptions.cancelAt,
};

export function createBillingRepo(db: Database): BillingRepo {
  async function saveCustomer(tx: Database, userId: string, customerId: string) {
    await tx.insert(billingCustomers).values({ userId, customerId }).onConflictDoNothing();
    const [row] = await tx
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    return row?.customerId ?? customerId;
  }

  /** Writes the view unless a later read was stored already; answers whether it was newer. */
  async function storeView(tx: Database, userId: string, { view, ticket }: SyncedView, now: Date) {
    const values = {
      id: view.id,
      userId,
      customerId: view.customerId,
      status: view.status,
      currency: view.currency,
      currentPeriodEnd: view.currentPeriodEnd,
      cancelAt: view.cancelAt,
      syncTicket: ticket,
      updatedAt: now,
    };
    const written = await tx
      .insert(billingSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: billingSubscriptions.id,
        set: values,
        setWhere: sql`${billingSubscriptions.syncTicket} < excluded.sync_ticket`,
      })
      .returning({ id: billingSubscriptions.id });
    return written.length > 0;
  }

  /**
   * Makes the user's plan (`subscriptions`, the single source of plans) say what the paid
   * subscription pays for. Needs the user's lock.
   */
  async function applyPlan(tx: Database, userId: string, view: SubscriptionView, now: Date) {
    const current = await activeSubscriptionLocked(tx, userId, now);
    const until = premiumUntil(view);
    const entitled = until !== null && until.getTime() > now.getTime();
    const ours = current?.planCode === 'premium' && current.billingSubscriptionId === view.id;
    if (entitled && current && ours) {
      await tx.update(subscriptions).set({ endsAt: until }).where(eq(subscriptions.id, current.id));
      return;
    }
    if (entitled) {
      // A second paid subscription only takes over when it pays for longer.
      const otherPaid = current?.planCode === 'premium' && current.billingSubscriptionId !== null;
      if (otherPaid && current.endsAt && current.endsAt.getTime() >= until.getTime()) return;
      if (current) {
        await tx
          .update(subscriptions)
          .set({ status: 'cancelled', endsAt: now })
          .where(eq(subscriptions.id, current.id));
      }
      await tx.insert(subscriptions).values({
        userId,
        planCode: 'premium',
        status: 'active',
        startedAt: now,
        endsAt: until,
        billingSubscriptionId: view.id,
        createdAt: now,
      });
      return;
    }
    if (current && ours) {
      await tx
        .update(subscriptions)
        .set({ status: 'cancelled', endsAt: now })
        .where(eq(subscriptions.id, current.id));
      await startFreeSubscription(tx, userId, now);
    }
  }

  return {
    async findCustomer(userId) {
      const [row] = await db
        .select({ customerId: billingCustomers.customerId })
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, userId));
      return row?.customerId;
    },

    saveCustomer: (userId, customerId) => saveCustomer(db, userId, customerId),

    async userOfCustomer(customerId) {
      const [row] = await db
        .select({ userId: billingCustomers.userId })
        .from(billingCustomers)
        .where(eq(billingCustomers.customerId, customerId));
      return row?.userId;
    },

    async findBuyer(userId) {
      const [row] = await db
        .select({ email: users.email, country: profiles.country })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    async isLiveUser(userId) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row !== undefined;
    },

    async hasPremium(userId, now) {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.status, 'active'),
            eq(subscriptions.planCode, 'premium'),
            or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, now)),
          ),
        );
      return row !== undefined;
    },

    async latestSubscription(userId) {
      const [row] = await db
        .select(storedColumns)
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId))
        .orderBy(desc(billingSubscriptions.currentPeriodEnd))
        .limit(1);
      return row;
    },

    openSubscriptions(userId) {
      return db
        .select(storedColumns)
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.userId, userId),
            notInArray(billingSubscriptions.status, ['canceled', 'incomplete_expired']),
          ),
        );
    },

    async hasEvent(eventId) {
      const [row] = await db
        .select({ id: billingEvents.id })
        .from(billingEvents)
        .where(eq(billingEvents.id, eventId));
      return row !== undefined;
    },

    async nextSyncTicket() {
      const [row] = await rowsOf<{ ticket: string | number }>(
        db,
        sql`select nextval(${billingSyncSequence.seqName}::regclass) as ticket`,
      );
      return Number(row?.ticket);
    },

    recordEvent(event, synced, link, now) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(billingEvents)
          .values({ id: event.id, type: event.type, receivedAt: now })
          .onConflictDoNothing()
          .returning({ id: billingEvents.id });
        if (inserted.length === 0) return 'duplicate';
        if (link) await saveCustomer(tx, link.userId, link.customerId);
        const userIds = [
          ...new Set(synced.flatMap(({ view }) => (view.userId ? [view.userId] : []))),
        ];
        const live = new Set(userIds.length > 0 ? await lockUsers(tx, userIds) : []);
        for (const item of synced) {
          const userId = item.view.userId;
          if (!userId) continue;
          const known = await tx
            .select({ id: users.id })
            .from(users)
            .where(inArray(users.id, [userId]));
          if (known.length === 0) continue;
          const newer = await storeView(tx, userId, item, now);
          if (newer && live.has(userId)) await applyPlan(tx, userId, item.view, now);
        }
        return 'applied';
      });
    },
  };
}
