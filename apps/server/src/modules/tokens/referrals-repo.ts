import { REFERRAL_BONUS_TOKENS, REFERRAL_MONTHLY_CAP } from '@parlo/contract/tokens';
import { and, count, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { referrals, tokenLedger } from '../../db/tables/tokens.ts';
import { users } from '../../db/tables/users.ts';
import { creditReferral } from './token-ledger-repo.ts';

/** What came of a referral: both sides credited, or recorded without a credit, and why. */
export type ReferralOutcome = 'credited' | 'known_email' | 'monthly_cap';

/** The first instant of the UTC calendar month of `now`: the window of the monthly cap. */
export function referralMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * The live account behind a referral id, its row locked until the transaction ends: concurrent
 * sign-ups with one code then count the inviter's credits one after the other.
 */
export async function lockInviter(
  tx: Database,
  referralCode: string,
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralId, referralCode), isNull(users.deletedAt)))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Records that `inviteeId` (created in this transaction) came through the inviter's link and
 * credits both sides, unless the newcomer's address is one an existing account verified (one
 * person, several provider accounts) or the inviter already earned REFERRAL_MONTHLY_CAP credits
 * this UTC month. Needs the inviter's lock (`lockInviter`).
 */
export async function recordReferral(
  tx: Database,
  input: { inviterId: string; inviteeId: string; inviteeEmail: string | null; now: Date },
): Promise<ReferralOutcome> {
  const [referral] = await tx
    .insert(referrals)
    .values({ inviterId: input.inviterId, inviteeId: input.inviteeId, createdAt: input.now })
    .returning({ id: referrals.id });
  if (!referral) throw new Error('insert returned no row');

  if (input.inviteeEmail !== null && (await isVerifiedElsewhere(tx, input))) return 'known_email';
  // Counted from the ledger, which keeps the credits when invitees delete their accounts.
  const [credits] = await tx
    .select({ n: count() })
    .from(tokenLedger)
    .where(
      and(
        eq(tokenLedger.userId, input.inviterId),
        eq(tokenLedger.reason, 'referral_inviter'),
        gte(tokenLedger.createdAt, referralMonthStart(input.now)),
      ),
    );
  if ((credits?.n ?? 0) >= REFERRAL_MONTHLY_CAP) return 'monthly_cap';

  await creditReferral(
    tx,
    { id: referral.id, inviterId: input.inviterId, inviteeId: input.inviteeId },
    REFERRAL_BONUS_TOKENS,
    input.now,
  );
  return 'credited';
}

async function isVerifiedElsewhere(
  tx: Database,
  input: { inviteeId: string; inviteeEmail: string | null },
) {
  const [match] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, input.inviteeEmail ?? ''),
        // Written as the partial index's own predicate, not `= $n`: the pool plans every
        // statement generically (db/client.ts), and a generic plan can use users_verified_email_idx
        // only when the condition implies it whatever the values; with a parameter it read every
        // account on each referral.
        sql`${users.emailVerified}`,
        ne(users.id, input.inviteeId),
      ),
    )
    .limit(1);
  return match !== undefined;
}
