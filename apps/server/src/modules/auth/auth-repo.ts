import type { Provider } from '@parlo/contract/constants';
import { and, eq, exists, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { refreshTokens } from '../../db/tables/auth.ts';
import { profiles, users } from '../../db/tables/users.ts';
import { lockInviter, recordReferral, type ReferralOutcome } from '../tokens/referrals-repo.ts';
import { startFreeSubscription } from '../tokens/token-ledger-repo.ts';

export interface AccountRow {
  id: string;
  deletedAt: Date | null;
  hasProfile: boolean;
}

export interface NewAccount {
  provider: Provider;
  providerSubject: string;
  username: string;
  /** Lower-cased. */
  email: string | null;
  emailVerified: boolean;
  referralId: string;
  /** The inviter's referral id, when the person arrived through a referral link. */
  referralCode: string | null;
  now: Date;
}

export interface RefreshTokenRow {
  id: string;
  userId: string;
  familyId: string;
  createdAt: Date;
  expiresAt: Date;
  rotatedAt: Date | null;
  reissuedAt: Date | null;
  revokedAt: Date | null;
}

export interface NewRefreshToken {
  /** Chosen before the insert, so a rotated token can name its successor. */
  id: string;
  userId: string;
  familyId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface AuthRepo {
  findAccount(provider: Provider, subject: string): Promise<AccountRow | undefined>;
  /**
   * Creates the account with its free plan and records its referral, crediting both sides'
   * referral bonus when the rules allow (tokens/referrals-repo), in one transaction. Returns null
   * when the referral id clashed with an existing one, so the caller can draw another.
   */
  createAccount(
    account: NewAccount,
  ): Promise<{ id: string; referral: ReferralOutcome | null } | null>;
  /** A sign-in to an existing account: when, and the address the provider gives now. */
  recordSignIn(
    userId: string,
    identity: { email: string | null; emailVerified: boolean },
    now: Date,
  ): Promise<void>;
  insertRefreshToken(token: NewRefreshToken): Promise<void>;
  findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined>;
  /**
   * Marks `current` rotated and stores its successor, atomically. False when another request
   * rotated or revoked it first.
   */
  rotateRefreshToken(currentId: string, next: NewRefreshToken, now: Date): Promise<boolean>;
  /**
   * The one reissue of a rotated token within the leeway: retires its successor (never used) and
   * stores `next` in its place, atomically. `too_frequent` when the token was reissued after
   * `notAfter` (two tabs at once); `reused` when it was reissued before, or its successor was
   * used or retired: then the whole family is revoked in the same transaction.
   */
  reissueRotated(
    currentId: string,
    next: NewRefreshToken,
    now: Date,
    notAfter: Date,
  ): Promise<'reissued' | 'too_frequent' | 'reused'>;
  revokeFamily(familyId: string, now: Date): Promise<void>;
}

export function createAuthRepo(db: Database): AuthRepo {
  return {
    async findAccount(provider, subject) {
      const [row] = await db
        .select({
          id: users.id,
          deletedAt: users.deletedAt,
          hasProfile: exists(
            db.select({ one: profiles.userId }).from(profiles).where(eq(profiles.userId, users.id)),
          ).mapWith(Boolean),
        })
        .from(users)
        .where(and(eq(users.provider, provider), eq(users.providerSubject, subject)))
        .limit(1);
      return row;
    },

    async createAccount(account) {
      try {
        return await db.transaction(async (tx) => {
          const inviter = account.referralCode
            ? await lockInviter(tx, account.referralCode)
            : undefined;
          const [created] = await tx
            .insert(users)
            .values({
              provider: account.provider,
              providerSubject: account.providerSubject,
              username: account.username,
              email: account.email,
              emailVerified: account.emailVerified,
              referralId: account.referralId,
              referredBy: inviter?.id ?? null,
              createdAt: account.now,
              lastSeenAt: account.now,
            })
            .returning({ id: users.id });
          if (!created) throw new Error('insert returned no row');
          await startFreeSubscription(tx, created.id, account.now);
          const referral = inviter
            ? await recordReferral(tx, {
                inviterId: inviter.id,
                inviteeId: created.id,
                inviteeEmail: account.email,
                now: account.now,
              })
            : null;
          return { id: created.id, referral };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_referral_id_key')) return null;
        throw error;
      }
    },

    async recordSignIn(userId, identity, now) {
      await db
        .update(users)
        .set({ lastSeenAt: now, email: identity.email, emailVerified: identity.emailVerified })
        .where(eq(users.id, userId));
    },

    async insertRefreshToken(token) {
      await db.insert(refreshTokens).values(token);
    },

    async findRefreshToken(tokenHash) {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          createdAt: refreshTokens.createdAt,
          expiresAt: refreshTokens.expiresAt,
          rotatedAt: refreshTokens.rotatedAt,
          reissuedAt: refreshTokens.reissuedAt,
          revokedAt: refreshTokens.revokedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    rotateRefreshToken(currentId, next, now) {
      return db.transaction(async (tx) => {
        // The conditional update is the lock: of two concurrent refreshes only one matches.
        const rotated = await tx
          .update(refreshTokens)
          .set({ rotatedAt: now, replacedBy: next.id })
          .where(
            and(
              eq(refreshTokens.id, currentId),
              isNull(refreshTokens.rotatedAt),
              isNull(refreshTokens.revokedAt),
            ),
          )
          .returning({ id: refreshTokens.id });
        if (rotated.length === 0) return false;
        await tx.insert(refreshTokens).values(next);
        return true;
      });
    },

    reissueRotated(currentId, next, now, notAfter) {
      return db.transaction(async (tx) => {
        // The row lock orders concurrent presentations of the same rotated token.
        const [current] = await tx
          .select({
            familyId: refreshTokens.familyId,
            replacedBy: refreshTokens.replacedBy,
            reissuedAt: refreshTokens.reissuedAt,
            revokedAt: refreshTokens.revokedAt,
          })
          .from(refreshTokens)
          .where(eq(refreshTokens.id, currentId))
          .for('update');
        if (!current || current.revokedAt) return 'reused';
        if (current.reissuedAt && current.reissuedAt > notAfter) return 'too_frequent';
        const retired =
          current.reissuedAt || !current.replacedBy
            ? []
            : await tx
                .update(refreshTokens)
                .set({ revokedAt: now })
                .where(
                  and(
                    eq(refreshTokens.id, current.replacedBy),
                    isNull(refreshTokens.rotatedAt),
                    isNull(refreshTokens.revokedAt),
                  ),
                )
                .returning({ id: refreshTokens.id });
        if (retired.length === 0) {
          await revokeFamilyIn(tx, current.familyId, now);
          return 'reused';
        }
        await tx
          .update(refreshTokens)
          .set({ reissuedAt: now, replacedBy: next.id })
          .where(eq(refreshTokens.id, currentId));
        await tx.insert(refreshTokens).values(next);
        return 'reissued';
      });
    },

    revokeFamily: (familyId, now) => revokeFamilyIn(db, familyId, now),
  };
}

async function revokeFamilyIn(db: Database, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
