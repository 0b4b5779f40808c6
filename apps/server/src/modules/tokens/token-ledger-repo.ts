import {
  FEATURE_CODES,
  PLAN_CODES,
  type FeatureCode,
  type PlanCode,
} from '@parlo/contract/constants';
import { tokenDay, type Plan } from '@parlo/contract/tokens';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { planFeatures, plans } from '../../db/tables/catalogue.ts';
import {
  subscriptions,
  tokenLedger,
  usages,
  type LedgerPool,
  type LedgerReason,
} from '../../db/tables/tokens.ts';
import { noUsage, type TokenState, type UsageCounts } from './token-rules.ts';

/**
 * The building blocks every token transaction shares. They take the transaction as `tx`; the
 * writes assume the caller holds the user's row lock (`lockUsers`), which is what serialises
 * all token changes of one user across connections and instances.
 */

export interface SubscriptionRow {
  id: string;
  planCode: string;
  startedAt: Date;
  endsAt: Date | null;
  /** The Stripe subscription paying for it (billing module); null for free and granted plans. */
  billingSubscriptionId: string | null;
}

export interface LedgerEntry {
  userId: string;
  delta: number;
  pool: LedgerPool;
  reason: LedgerReason;
  sessionId?: string;
  adViewId?: string;
  referralId?: string;
}

/** The rows of `userIds`, locked in id order: a token change takes them before anything else. */
const lockedUsers = preparedQuery<{ id: string; live: boolean }, 'userIds'>(
  'parlo_lock_users',
  (param) => sql`select id, deleted_at is null as live from users
    where id = any(${param('userIds')}::uuid[]) order by id for update`,
  { warm: { userIds: [] } },
);

/** Locks the live accounts among `userIds`, in id order so two transactions never deadlock. */
export async function lockUsers(tx: Database, userIds: readonly string[]): Promise<string[]> {
  const rows = await lockedUsers(tx, { userIds: [...userIds] });
  return rows.filter((row) => row.live).map((row) => row.id);
}

const subscriptionColumns = {
  id: subscriptions.id,
  planCode: subscriptions.planCode,
  startedAt: subscriptions.startedAt,
  endsAt: subscriptions.endsAt,
  billingSubscriptionId: subscriptions.billingSubscriptionId,
};

export async function findActiveSubscription(
  db: Database,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select(subscriptionColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  return row;
}

export const hasLapsed = (row: SubscriptionRow, now: Date) =>
  row.endsAt !== null && row.endsAt.getTime() <= now.getTime();

export async function startFreeSubscription(
  tx: Database,
  userId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .insert(subscriptions)
    .values({ userId, planCode: 'free', status: 'active', startedAt: now, createdAt: now })
    .returning(subscriptionColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The active subscription, with the lazy expiry: a plan whose end has passed is marked expired
 * and the user falls back to a fresh free plan. Needs the user's lock.
 */
export async function activeSubscriptionLocked(
  tx: Database,
  userId: string,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const row = await findActiveSubscription(tx, userId);
  if (!row || !hasLapsed(row, now)) return row;
  await tx.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, row.id));
  return startFreeSubscription(tx, userId, now);
}

const isPlanCode = (code: string): code is PlanCode =>
  (PLAN_CODES as readonly string[]).includes(code);

/** Plans with their features in the contract's order; only the plans the contract knows. */
export async function loadPlans(
  db: Database,
  codes: readonly string[] = PLAN_CODES,
): Promise<Plan[]> {
  const rows = await db
    .select({
      code: plans.code,
      name: plans.name,
      featureCode: planFeatures.featureCode,
      value: planFeatures.value,
      cost: planFeatures.cost,
    })
    .from(plans)
    .leftJoin(planFeatures, eq(planFeatures.planCode, plans.code))
    .where(inArray(plans.code, [...codes]));
  const byCode = new Map<PlanCode, Plan>();
  for (const row of rows) {
    if (!isPlanCode(row.code)) continue;
    const plan = byCode.get(row.code) ?? { code: row.code, name: row.name, features: [] };
    byCode.set(row.code, plan);
    if (row.featureCode && row.value !== null && row.cost !== null) {
      plan.features.push({ featureCode: row.featureCode, value: row.value, cost: row.cost });
    }
  }
  const order = (code: FeatureCode) => FEATURE_CODES.indexOf(code);
  return PLAN_CODES.flatMap((code) => {
    const plan = byCode.get(code);
    if (!plan) return [];
    plan.features.sort((a, b) => order(a.featureCode) - order(b.featureCode));
    return [plan];
  });
}

export async function loadPlan(db: Database, code: string): Promise<Plan> {
  const [plan] = await loadPlans(db, [code]);
  if (!plan) throw new Error(`plan ${code} is missing; the seed creates it`);
  return plan;
}

export async function usageCounts(db: Database, userId: string, day: string): Promise<UsageCounts> {
  const rows = await db
    .select({ featureCode: usages.featureCode, count: usages.count })
    .from(usages)
    .where(and(eq(usages.userId, userId), eq(usages.day, day)));
  const counts = noUsage();
  for (const row of rows) counts[row.featureCode] = row.count;
  return counts;
}

export async function bonusBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${tokenLedger.delta}), 0)::int` })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.pool, 'bonus')));
  return row?.total ?? 0;
}

/** Plan, today's usage and bonus balance. Needs the user's lock (it may expire a plan). */
export async function tokenStateLocked(
  tx: Database,
  userId: string,
  now: Date,
): Promise<TokenState> {
  const subscription = await activeSubscriptionLocked(tx, userId, now);
  // Every account gets the free plan at sign-up; a hand-made account without one is treated as free.
  const plan = await loadPlan(tx, subscription?.planCode ?? 'free');
  const [usage, bonus] = [
    await usageCounts(tx, userId, tokenDay(now)),
    await bonusBalance(tx, userId),
  ];
  return { plan, usage, bonus };
}

export async function addUsage(
  tx: Database,
  userId: string,
  featureCode: FeatureCode,
  now: Date,
  amount = 1,
): Promise<void> {
  await tx
    .insert(usages)
    .values({ userId, featureCode, day: tokenDay(now), count: amount })
    .onConflictDoUpdate({
      target: [usages.userId, usages.featureCode, usages.day],
      set: { count: sql`${usages.count} + excluded.count` },
    });
}

export async function addLedger(tx: Database, entries: LedgerEntry[], now: Date): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(tokenLedger).values(entries.map((entry) => ({ ...entry, createdAt: now })));
}

/** Both sides of a referral earn REFERRAL_BONUS_TOKENS, once (the ledger's unique key). */
export async function creditReferral(
  tx: Database,
  referral: { id: string; inviterId: string; inviteeId: string },
  amount: number,
  now: Date,
): Promise<void> {
  const credit = { delta: amount, pool: 'bonus', referralId: referral.id } as const;
  await addLedger(
    tx,
    [
      { ...credit, userId: referral.inviterId, reason: 'referral_inviter' },
      { ...credit, userId: referral.inviteeId, reason: 'referral_invitee' },
    ],
    now,
  );
}
