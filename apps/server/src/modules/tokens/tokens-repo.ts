import {
  FEATURE_CODES,
  PLAN_CODES,
  VIDEO_AD_BONUS_TOKENS,
  VIDEO_AD_SECONDS,
  type PlanCode,
} from '@parlo/contract/constants';
import type { Plan } from '@parlo/contract/tokens';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jsonColumn, preparedQuery } from '../../db/prepared.ts';
import {
  accountColumns,
  accountOf,
  type AccountColumnsRow,
  type WithAccount,
} from '../users/account-columns.ts';
import { adViews, subscriptions } from '../../db/tables/tokens.ts';
import { users } from '../../db/tables/users.ts';
import {
  activeSubscriptionLocked,
  addLedger,
  addUsage,
  bonusBalance,
  findActiveSubscription,
  hasLapsed,
  loadPlan,
  loadPlans,
  lockUsers,
  tokenStateLocked,
  usageCounts,
  type SubscriptionRow,
} from './token-ledger-repo.ts';
import {
  adRewardsLeft,
  noUsage,
  isFeatureCode,
  type TokenState,
  type UsageCounts,
} from './token-rules.ts';

export type { SubscriptionRow } from './token-ledger-repo.ts';

export type AdViewStart =
  | { kind: 'limit_reached'; plan: Plan }
  | { kind: 'started'; id: string; startedAt: Date; rewardsLeft: number };

/** The outcome of a reward claim; only `granted` wrote anything. */
export type AdClaim =
  | { kind: 'not_found' }
  | { kind: 'already_rewarded' }
  | { kind: 'too_early'; msLeft: number }
  | { kind: 'superseded' }
  | { kind: 'limit_reached'; plan: Plan }
  | { kind: 'granted'; bonus: number; rewardsLeft: number };

export interface TokensRepo {
  listPlans(): Promise<Plan[]>;
  /** Today's usage counts (`day`, tokenDay) with the account. */
  usageCountsWithAccount(userId: string, day: string, now: Date): Promise<WithAccount<UsageCounts>>;
  /** The bonus balance with the account. */
  bonusBalanceWithAccount(userId: string, now: Date): Promise<WithAccount<number>>;
  /**
   * The active subscription and its plan with the account; a lapsed plan is replaced (to free)
   * under the user's lock, as `activeSubscription` does, and read again.
   */
  activeSubscriptionWithAccount(
    userId: string,
    now: Date,
  ): Promise<WithAccount<{ subscription: SubscriptionRow; plan: Plan } | undefined>>;
  /** The active subscription and its plan, expiring a lapsed plan on the way (to free). */
  activeSubscription(
    userId: string,
    now: Date,
  ): Promise<{ subscription: SubscriptionRow; plan: Plan } | undefined>;
  usageCounts(userId: string, day: string): Promise<UsageCounts>;
  bonusBalance(userId: string): Promise<number>;
  /** A consistent snapshot taken under the user's lock. */
  tokenState(userId: string, now: Date): Promise<TokenState>;
  startAdView(userId: string, now: Date): Promise<AdViewStart>;
  claimAdReward(userId: string, adViewId: string, now: Date): Promise<AdClaim>;
  /** A live account by username or email, ignoring case. */
  findLiveUserByLogin(login: string): Promise<{ id: string; username: string } | undefined>;
  /**
   * Premium for `days` more days: extends a live premium plan, else replaces the free plan. A paid
   * plan (Stripe) is answered unchanged.
   */
  grantPremium(userId: string, days: number, now: Date): Promise<SubscriptionRow>;
  /** Adds bonus tokens (ledger reason admin_grant); answers the new bonus balance. */
  grantBonusTokens(userId: string, amount: number, now: Date): Promise<number>;
}

const DAY_MS = 86_400_000;

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

const usageRows = preparedQuery<AccountColumnsRow & { usage: unknown }, 'userId' | 'day'>(
  'parlo_usage_counts',
  (param) => sql`select ${accountColumns},
      (select coalesce(json_object_agg(g.feature_code, g.count), '{}'::json)
        from usages g where g.user_id = u.id and g.day = ${param('day')}::date) as usage
    from users u where u.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid', day: 'date' } },
);

const bonusRows = preparedQuery<AccountColumnsRow & { bonus: number }, 'userId'>(
  'parlo_bonus_balance',
  (param) => sql`select ${accountColumns},
      (select coalesce(sum(l.delta), 0)::int
        from token_ledger l where l.user_id = u.id and l.pool = 'bonus') as bonus
    from users u where u.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid' } },
);

interface SubscriptionDbRow extends AccountColumnsRow {
  subscription_id: string | null;
  plan_code: string | null;
  started_at: Date | string | null;
  ends_at: Date | string | null;
  billing_subscription_id: string | null;
  plan_name: string | null;
  plan_features: unknown;
}

const subscriptionRows = preparedQuery<SubscriptionDbRow, 'userId'>(
  'parlo_active_subscription',
  (param) => sql`select ${accountColumns},
      s.id as subscription_id, s.plan_code, s.started_at, s.ends_at, s.billing_subscription_id,
      p.name as plan_name,
      (select coalesce(json_agg(json_build_object(
          'featureCode', f.feature_code, 'value', f.value, 'cost', f.cost)), '[]'::json)
        from plan_features f where f.plan_code = s.plan_code) as plan_features
    from users u
      left join subscriptions s on s.user_id = u.id and s.status = 'active'
      left join plans p on p.code = s.plan_code
    where u.id = ${param('userId')}::uuid
    limit 1`,
  { batch: { userId: 'uuid' } },
);

/** The plan as loadPlans builds it: known features only, in FEATURE_CODES order. */
function planOf(row: SubscriptionDbRow): Plan | undefined {
  const code = row.plan_code;
  if (code === null || row.plan_name === null || !(PLAN_CODES as readonly string[]).includes(code))
    return undefined;
  const order = (featureCode: string) => (FEATURE_CODES as readonly string[]).indexOf(featureCode);
  const features = (jsonColumn(row.plan_features) as Plan['features'])
    .filter((feature) => isFeatureCode(feature.featureCode))
    .sort((a, b) => order(a.featureCode) - order(b.featureCode));
  return { code: code as PlanCode, name: row.plan_name, features };
}
const AD_MS = VIDEO_AD_SECONDS * 1000;

export function createTokensRepo(db: Database): TokensRepo {
  /** Runs `work` holding the user's row lock, which serialises every token change of the user. */
  function withUserLocked<T>(userId: string, work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const [live] = await lockUsers(tx, [userId]);
      if (!live) throw new Error(`no live account ${userId}`);
      return work(tx);
    });
  }

  const latestAdView = (tx: Database, userId: string) =>
    tx
      .select({ id: adViews.id, startedAt: adViews.startedAt })
      .from(adViews)
      .where(eq(adViews.userId, userId))
      .orderBy(desc(adViews.startedAt))
      .limit(1);

  async function activeSubscription(userId: string, now: Date) {
    let subscription = await findActiveSubscription(db, userId);
    if (subscription && hasLapsed(subscription, now)) {
      subscription = await withUserLocked(userId, (tx) =>
        activeSubscriptionLocked(tx, userId, now),
      );
    }
    if (!subscription) return undefined;
    return { subscription, plan: await loadPlan(db, subscription.planCode) };
  }

  return {
    listPlans: () => loadPlans(db),

    activeSubscription,

    async usageCountsWithAccount(userId, day, now) {
      const [row] = await usageRows(db, { userId, day });
      const counts = noUsage();
      for (const [code, count] of Object.entries(jsonColumn(row?.usage) ?? {})) {
        if (isFeatureCode(code)) counts[code] = Number(count);
      }
      return { account: accountOf(userId, row, now), value: counts };
    },

    async bonusBalanceWithAccount(userId, now) {
      const [row] = await bonusRows(db, { userId });
      return { account: accountOf(userId, row, now), value: Number(row?.bonus ?? 0) };
    },

    async activeSubscriptionWithAccount(userId, now) {
      const [row] = await subscriptionRows(db, { userId });
      const account = accountOf(userId, row, now);
      if (!row?.subscription_id) return { account, value: undefined };
      const subscription: SubscriptionRow = {
        id: row.subscription_id,
        planCode: row.plan_code!,
        startedAt: dateOf(row.started_at)!,
        endsAt: dateOf(row.ends_at),
        billingSubscriptionId: row.billing_subscription_id,
      };
      const plan = planOf(row);
      // The rare paths (a lapsed plan, a plan the catalogue lacks): as activeSubscription reads.
      if (hasLapsed(subscription, now) || !plan) {
        return { account, value: await activeSubscription(userId, now) };
      }
      return { account, value: { subscription, plan } };
    },

    usageCounts: (userId, day) => usageCounts(db, userId, day),
    bonusBalance: (userId) => bonusBalance(db, userId),
    tokenState: (userId, now) => withUserLocked(userId, (tx) => tokenStateLocked(tx, userId, now)),

    startAdView(userId, now) {
      return withUserLocked(userId, async (tx): Promise<AdViewStart> => {
        const state = await tokenStateLocked(tx, userId, now);
        const rewardsLeft = adRewardsLeft(state);
        if (rewardsLeft === 0) return { kind: 'limit_reached', plan: state.plan };
        // Start times of one user's views strictly increase, so "the latest view" is never a tie.
        const [previous] = await latestAdView(tx, userId);
        const startedAt = new Date(
          Math.max(now.getTime(), (previous?.startedAt.getTime() ?? 0) + 1),
        );
        const [view] = await tx
          .insert(adViews)
          .values({ userId, startedAt })
          .returning({ id: adViews.id });
        if (!view) throw new Error('insert returned no row');
        await addUsage(tx, userId, 'ads', now);
        return { kind: 'started', id: view.id, startedAt, rewardsLeft };
      });
    },

    claimAdReward(userId, adViewId, now) {
      return withUserLocked(userId, async (tx): Promise<AdClaim> => {
        const [view] = await tx
          .select({ id: adViews.id, startedAt: adViews.startedAt, rewardedAt: adViews.rewardedAt })
          .from(adViews)
          .where(and(eq(adViews.id, adViewId), eq(adViews.userId, userId)))
          .limit(1);
        if (!view) return { kind: 'not_found' };
        if (view.rewardedAt) return { kind: 'already_rewarded' };
        const msLeft = view.startedAt.getTime() + AD_MS - now.getTime();
        if (msLeft > 0) return { kind: 'too_early', msLeft };
        const [latest] = await latestAdView(tx, userId);
        if (latest?.id !== view.id) return { kind: 'superseded' };
        const state = await tokenStateLocked(tx, userId, now);
        const rewardsLeft = adRewardsLeft(state);
        if (rewardsLeft === 0) return { kind: 'limit_reached', plan: state.plan };

        await tx
          .update(adViews)
          .set({ rewardedAt: now })
          .where(and(eq(adViews.id, view.id), isNull(adViews.rewardedAt)));
        await addLedger(
          tx,
          [
            {
              userId,
              delta: VIDEO_AD_BONUS_TOKENS,
              pool: 'bonus',
              reason: 'ad_reward',
              adViewId: view.id,
            },
          ],
          now,
        );
        await addUsage(tx, userId, 'video_ad_rewards', now);
        return {
          kind: 'granted',
          bonus: state.bonus + VIDEO_AD_BONUS_TOKENS,
          rewardsLeft: rewardsLeft - 1,
        };
      });
    },

    async findLiveUserByLogin(login) {
      const wanted = login.trim().toLowerCase();
      const [row] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            or(eq(sql`lower(${users.username})`, wanted), eq(sql`lower(${users.email})`, wanted)),
          ),
        )
        .orderBy(users.createdAt)
        .limit(1);
      return row;
    },

    grantPremium(userId, days, now) {
      return withUserLocked(userId, async (tx) => {
        const current = await activeSubscriptionLocked(tx, userId, now);
        if (current?.planCode === 'premium') {
          // A paid plan ends when Stripe says; the operator manages it in Stripe, not here.
          if (current.endsAt === null || current.billingSubscriptionId) return current;
          const from = Math.max(now.getTime(), current.endsAt.getTime());
          const [extended] = await tx
            .update(subscriptions)
            .set({ endsAt: new Date(from + days * DAY_MS) })
            .where(eq(subscriptions.id, current.id))
            .returning();
          return extended!;
        }
        if (current) {
          await tx
            .update(subscriptions)
            .set({ status: 'cancelled', endsAt: now })
            .where(eq(subscriptions.id, current.id));
        }
        const [premium] = await tx
          .insert(subscriptions)
          .values({
            userId,
            planCode: 'premium',
            status: 'active',
            startedAt: now,
            endsAt: new Date(now.getTime() + days * DAY_MS),
            createdAt: now,
          })
          .returning();
        return premium!;
      });
    },

    grantBonusTokens(userId, amount, now) {
      return withUserLocked(userId, async (tx) => {
        await addLedger(tx, [{ userId, delta: amount, pool: 'bonus', reason: 'admin_grant' }], now);
        return bonusBalance(tx, userId);
      });
    },
  };
}
