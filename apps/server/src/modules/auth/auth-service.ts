import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PROVIDERS, TOKEN_REFRESH_MIN_GAP_MS, type Provider } from '@parlo/contract/constants';
import type { AccessTokenResponse, SignInBody } from '@parlo/contract/auth';
import { nameError } from '@parlo/contract/profiles';
import type { Clock } from '../../lib/clock.ts';
import {
  BadRequestError,
  GoneError,
  RateLimitedError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { AuthRepo, NewRefreshToken } from './auth-repo.ts';
import { ProviderExchangeError, type Identity } from './identity-providers.ts';
import type { ProviderRegistry } from './provider-registry.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * A page reloaded while its refresh was in flight never receives the rotated cookie and presents
 * the old one again. Within this window that is a lost response, not a theft.
 */
export const ROTATION_LEEWAY_MS = 10_000;
/** Long enough for any real provider's code lifetime; a code is never exchanged twice. */
const USED_CODE_MEMORY_MS = 15 * 60_000;
const REFERRAL_ID_ATTEMPTS = 5;

export interface Session extends AccessTokenResponse {
  /** The refresh token for the cookie; never in a body or a log. */
  refreshToken: string;
  refreshExpiresAt: Date;
  /** Sign-in only: the provider's name for onboarding's name field (contract signInResponse). */
  profileName?: string;
}

/** The provider's name when the account still needs a profile and it would pass as one. */
function profileNameFrom(identity: Identity, needsProfile: boolean): string | undefined {
  const name = identity.name?.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!needsProfile || !name || nameError(name) !== null) return undefined;
  return name;
}

export interface AuthService {
  authorizeUrl(
    provider: Provider,
    input: { state: string; codeChallenge: string; nonce: string },
  ): string;
  signIn(body: SignInBody): Promise<Session>;
  refresh(refreshToken: string | undefined): Promise<Session>;
  /**
   * Ends the sign-in the refresh cookie belongs to, and the one the access token was issued in
   * when the request carries a valid one (they are usually the same).
   */
  signOut(presented: { refreshToken?: string; accessToken?: string }): Promise<void>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Ten characters of an alphabet without look-alikes, for links people may type. */
function newReferralId() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

const sessionEnded = () => new UnauthorizedError('The session has ended; please sign in again');
const tooFrequent = () => new RateLimitedError('Token refresh too frequent', 429, 1);

const isProvider = (value: string): value is Provider =>
  (PROVIDERS as readonly string[]).includes(value);

export const callbackUrl = (publicUrl: string, provider: Provider) =>
  `${publicUrl}/auth/callback/${provider}`;

export function createAuthService(deps: {
  authRepo: AuthRepo;
  providers: ProviderRegistry;
  accessTokens: AccessTokens;
  counter: RateCounter;
  clock: Clock;
  publicUrl: string;
  /**
   * Ends a sign-in session on every instance for as long as its access tokens live (the
   * broker's revocation set), so they stop working before they expire.
   */
  revokeSession: (sessionId: string) => Promise<void>;
  /** Told who signed out, so their realtime socket can be closed. */
  onSignedOut?: (userId: string) => Promise<void>;
}): AuthService {
  const { authRepo, clock } = deps;

  function providerOrThrow(name: string) {
    const provider = isProvider(name) ? deps.providers[name] : undefined;
    if (!provider) throw new BadRequestError('invalid provider');
    return provider;
  }

  function openSession(userId: string, familyId: string, now: Date) {
    const refreshToken = randomBytes(32).toString('base64url');
    const record: NewRefreshToken = {
      id: randomUUID(),
      userId,
      familyId,
      tokenHash: sha256(refreshToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    };
    return { record, refreshToken };
  }

  /** The access token names its refresh-token family: one sign-in, one session id. */
  async function issue(record: NewRefreshToken, refreshToken: string): Promise<Session> {
    const { accessToken, accessExpiresAt } = await deps.accessTokens.issue(
      record.userId,
      record.familyId,
    );
    return {
      accessToken,
      accessExpiresAt: accessExpiresAt.toISOString(),
      refreshToken,
      refreshExpiresAt: record.expiresAt,
    };
  }

  /** Ends a sign-in: its refresh tokens in the database, its access tokens in the broker. */
  async function endSession(familyId: string, now: Date, alreadyRevoked = false) {
    if (!alreadyRevoked) await authRepo.revokeFamily(familyId, now);
    await deps.revokeSession(familyId);
  }

  async function findOrCreateAccount(
    provider: Provider,
    identity: Identity,
    referralCode: string | undefined,
    now: Date,
  ) {
    const existing = await authRepo.findAccount(provider, identity.subject);
    if (existing?.deletedAt) throw new GoneError('This account has been deleted');
    const email = identity.email?.toLowerCase() ?? null;
    const emailVerified = email !== null && identity.emailVerified;
    if (existing) {
      await authRepo.recordSignIn(existing.id, { email, emailVerified }, now);
      return { id: existing.id, needsProfile: !existing.hasProfile };
    }
    for (let attempt = 0; attempt < REFERRAL_ID_ATTEMPTS; attempt++) {
      const created = await authRepo.createAccount({
        provider,
        providerSubject: identity.subject,
        // Providers without an email (Kakao may withhold it) still get an email-like username.
        username: email ?? `${provider}-${identity.subject}@users.parlo.app`,
        email,
        emailVerified,
        referralId: newReferralId(),
        referralCode: referralCode ?? null,
        now,
      });
      if (created) return { id: created.id, needsProfile: true };
    }
    throw new Error('could not draw a unique referral id');
  }

  return {
    authorizeUrl(name, input) {
      const provider = providerOrThrow(name);
      return provider.authorizeUrl({ ...input, redirectUri: callbackUrl(deps.publicUrl, name) });
    },

    async signIn(body) {
      const provider = providerOrThrow(body.provider);
      if (!body.code) throw new BadRequestError('no auth code');
      const redirectUri = callbackUrl(deps.publicUrl, provider.name);
      if (body.redirectUri !== undefined && body.redirectUri !== redirectUri) {
        throw new BadRequestError('redirect_uri does not match this site');
      }
      const { count } = await deps.counter.hit(
        `oauth-code:${provider.name}:${sha256(body.code)}`,
        USED_CODE_MEMORY_MS,
      );
      if (count > 1) throw new UnauthorizedError('This sign-in code was already used');

      let identity: Identity;
      try {
        identity = await provider.exchange({
          code: body.code,
          codeVerifier: body.codeVerifier,
          redirectUri,
          nonce: body.nonce,
        });
      } catch (error) {
        if (error instanceof ProviderExchangeError) {
          throw new UnauthorizedError('The sign-in could not be verified with the provider');
        }
        throw error;
      }

      const now = clock.now();
      const account = await findOrCreateAccount(provider.name, identity, body.referralCode, now);
      const { record, refreshToken } = openSession(account.id, randomUUID(), now);
      await authRepo.insertRefreshToken(record);
      const session = await issue(record, refreshToken);
      const profileName = profileNameFrom(identity, account.needsProfile);
      return profileName ? { ...session, profileName } : session;
    },

    async refresh(presented) {
      if (!presented) throw new UnauthorizedError('No refresh token');
      const current = await authRepo.findRefreshToken(sha256(presented));
      const now = clock.now();
      if (!current || current.expiresAt <= now) throw sessionEnded();
      if (current.revokedAt) {
        // Revoked alone, it was the successor a leeway reissue retired: whoever holds it is
        // not who lost it. Ending the family then costs nothing when it has already ended.
        await endSession(current.familyId, now);
        throw sessionEnded();
      }
      // Two tabs refreshing together present the same token: the later one is told to wait,
      // not treated as a thief.
      const lastUse = (current.reissuedAt ?? current.rotatedAt ?? current.createdAt).getTime();
      if (now.getTime() - lastUse < TOKEN_REFRESH_MIN_GAP_MS) throw tooFrequent();
      const { record, refreshToken } = openSession(current.userId, current.familyId, now);
      if (current.rotatedAt) {
        // A rotated token again: within the leeway once (a reload lost the response), and that
        // reissue retires the lost successor, so the family never forks into two live chains.
        // Anything else was copied: end every session of this sign-in.
        if (now.getTime() - current.rotatedAt.getTime() > ROTATION_LEEWAY_MS) {
          await endSession(current.familyId, now);
          throw sessionEnded();
        }
        const gapStart = new Date(now.getTime() - TOKEN_REFRESH_MIN_GAP_MS);
        const outcome = await authRepo.reissueRotated(current.id, record, now, gapStart);
        if (outcome === 'too_frequent') throw tooFrequent();
        if (outcome === 'reused') {
          await endSession(current.familyId, now, true);
          throw sessionEnded();
        }
        return issue(record, refreshToken);
      }
      const rotated = await authRepo.rotateRefreshToken(current.id, record, now);
      if (!rotated) throw tooFrequent();
      return issue(record, refreshToken);
    },

    async signOut(presented) {
      const ended = new Map<string, string>();
      const current = presented.refreshToken
        ? await authRepo.findRefreshToken(sha256(presented.refreshToken))
        : undefined;
      if (current) ended.set(current.familyId, current.userId);
      const claims = presented.accessToken
        ? await deps.accessTokens.verify(presented.accessToken)
        : null;
      if (claims) ended.set(claims.sessionId, claims.userId);
      const now = clock.now();
      for (const familyId of ended.keys()) await endSession(familyId, now);
      for (const userId of new Set(ended.values())) await deps.onSignedOut?.(userId);
    },
  };
}
