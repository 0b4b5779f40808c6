import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@parlo/contract/errors';
import type { LanguageCode, ProficiencyLevel } from '@parlo/contract/constants';
import type { MatchCancelResult, MatchFindResult } from '@parlo/contract/match';
import type { FastifyBaseLogger } from 'fastify';
import type { Broker, QueueTicket, TicketPair } from '../../broker/broker.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  RateLimitedError,
} from '../../lib/errors.ts';
import { checkAccount } from '../users/account-check.ts';
import type { Scheduler } from '../../lib/scheduler.ts';
import type { PeerProfileRow } from '../sessions/live-sessions-repo.ts';
import { AlreadyInSessionError, type SessionLifecycle } from '../sessions/session-lifecycle.ts';
import {
  canPayForSession,
  InsufficientTokensError,
  splitSessionCost,
  NO_TOKENS_MESSAGE,
} from '../tokens/token-rules.ts';
import { ageGroupOf, indexTickets, pickFromIndex, type WideningRules } from './match-rules.ts';
import type { MatchingRepo } from './matching-repo.ts';

/** How often waiting tickets are looked at again, so their waits widen the rules. */
export const MATCH_SWEEP_INTERVAL_MS = 1_000;

export interface MatchingService {
  /** `userId` carries a valid access token; the account itself is checked here (checkAccount). */
  find(userId: string, languageCode: LanguageCode): Promise<MatchFindResult>;
  cancel(userId: string): Promise<MatchCancelResult>;
  /**
   * Pairs whoever can be paired in the language now; never runs twice at once per language.
   * `snapshot`: the queue as just read (by an enqueue), used when this call starts a scan.
   */
  runPairing(languageCode: string, all?: boolean, snapshot?: QueueTicket[]): Promise<void>;
  sweep(): Promise<void>;
  /**
   * Mean wait of recent matches (of one language, or of all), in whole milliseconds, over every
   * instance's matches (the broker keeps them).
   */
  averageWaitMs(languageCode?: string): Promise<number>;
  start(): void;
}

export interface MatchingServiceDeps {
  matchingRepo: MatchingRepo;
  broker: Pick<
    Broker,
    | 'isOnline'
    | 'enqueue'
    | 'cancel'
    | 'ticketOf'
    | 'searchState'
    | 'tickets'
    | 'queuedLanguages'
    | 'claimPairs'
    | 'recordWaits'
    | 'recentWaits'
  > &
    Pick<Broker, 'deliver'>;
  lifecycle: Pick<SessionLifecycle, 'start'>;
  canPayForSession: (userId: string) => Promise<boolean>;
  clock: Clock;
  scheduler: Scheduler;
  rules: WideningRules;
  /**
   * Told the wait of each pair made, once per pair: the longer of the two (the older ticket's),
   * as the newer ticket is mostly matched on arrival. Must be cheap and never throw.
   */
  onMatched?: (waitMs: number) => void;
  /** Told each new search (not a find that keeps its place), for the search heat-map. */
  onSearchStarted?: (languageCode: LanguageCode, level: ProficiencyLevel) => void;
  log: FastifyBaseLogger;
}

export function createMatchingService(deps: MatchingServiceDeps): MatchingService {
  const { broker, clock, log } = deps;
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const sweepAll = new Set<string>();
  /** Users whose ticket was claimed for a pair still being created, and who cancelled since. */
  const inFlight = new Set<string>();
  const cancelledInFlight = new Set<string>();

  /** Both tickets' waits of a pair made now, in one round trip, not waited for. */
  function recordWaits(pair: readonly QueueTicket[], now: number) {
    const languageCode = pair[0]!.languageCode;
    const waits = pair.map((ticket) => Math.max(0, now - ticket.enqueuedAt));
    broker.recordWaits(languageCode, waits).catch((error: unknown) => {
      log.warn({ err: error, languageCode }, 'recording a match wait failed');
    });
  }

  async function requeue(ticket: QueueTicket) {
    if (cancelledInFlight.has(ticket.userId)) return;
    const { online, ticket: queued } = await broker.searchState(ticket.userId);
    if (!online || queued) return;
    await broker.enqueue(ticket);
    markFresh(ticket);
    void schedulePairing(ticket.languageCode);
  }

  function markFresh(ticket: QueueTicket) {
    let users = fresh.get(ticket.languageCode);
    if (!users) fresh.set(ticket.languageCode, (users = new Set()));
    users.add(ticket.userId);
  }

  /** The ticket's profile as the session announcement takes it. */
  function profileOf({ userId, level, profile }: QueueTicket): PeerProfileRow | undefined {
    return profile && { userId, level, ...profile };
  }

  async function refuse(userId: string, code: number, message: string) {
    await broker.deliver(userId, { type: 'error', payload: { code, message } });
  }

  async function createPair(older: QueueTicket, newer: QueueTicket) {
    const pair = [older, newer];
    for (const ticket of pair) inFlight.add(ticket.userId);
    const [olderProfile, newerProfile] = [profileOf(older), profileOf(newer)];
    try {
      await deps.lifecycle.start({
        user1Id: older.userId,
        user2Id: newer.userId,
        languageCode: older.languageCode,
        ...(older.charge && newer.charge ? { prepaid: [older.charge, newer.charge] } : {}),
        ...(olderProfile && newerProfile ? { profiles: [olderProfile, newerProfile] } : {}),
      });
      const now = clock.now().getTime();
      recordWaits(pair, now);
      deps.onMatched?.(now - Math.min(older.enqueuedAt, newer.enqueuedAt));
    } catch (error) {
      const refused =
        error instanceof InsufficientTokensError || error instanceof AlreadyInSessionError
          ? error.userIds
          : [];
      if (error instanceof InsufficientTokensError) {
        for (const userId of refused) {
          await refuse(userId, ERROR_CODES.sessionsLimitReached, NO_TOKENS_MESSAGE);
        }
      } else if (error instanceof AlreadyInSessionError) {
        for (const userId of refused) {
          await refuse(userId, ERROR_CODES.alreadyInCall, error.message);
        }
      } else {
        log.error({ err: error, users: pair.map((t) => t.userId) }, 'creating a match failed');
      }
      for (const ticket of pair) if (!refused.includes(ticket.userId)) await requeue(ticket);
    } finally {
      for (const ticket of pair) {
        inFlight.delete(ticket.userId);
        cancelledInFlight.delete(ticket.userId);
      }
    }
  }

  /** Creations of claimed pairs in flight; they run beside the scans, not inside them. */
  const creations = new Set<Promise<void>>();
  /** Users whose new ticket the next scan of its language looks at (a sweep looks at all). */
  const fresh = new Map<string, Set<string>>();

  function startCreation(older: QueueTicket, newer: QueueTicket) {
    const creation = createPair(older, newer).finally(() => creations.delete(creation));
    creations.add(creation);
  }

  /**
   * One pass over a language's queue: each ticket to look at (the fresh ones, or all in a sweep)
   * gets the best partner the rules allow, and the pairs are claimed from the broker in one call.
   * A ticket whose pair another instance's claim beat gets one more look, on the queue as it is
   * then; after that it waits for a newer ticket or the sweep. Creating the sessions is left
   * running: the claim already keeps both tickets out of every other pair.
   */
  async function scanOnce(languageCode: string, all: boolean, snapshot?: QueueTicket[]) {
    const lookAt = fresh.get(languageCode);
    fresh.delete(languageCode);
    const tickets = snapshot ?? (await broker.tickets(languageCode));
    const missed = await pairAndClaim(tickets, (t) => all || (lookAt?.has(t.userId) ?? false));
    if (missed.size === 0) return;
    await pairAndClaim(await broker.tickets(languageCode), (t) => missed.has(t.userId));
  }

  /**
   * Picks a partner for each of `tickets` that `lookFor` selects, oldest first, claims all the
   * pairs in one call and starts creating the claimed ones. Answers the users looked for whose
   * pair was not claimed.
   */
  async function pairAndClaim(
    tickets: readonly QueueTicket[],
    lookFor: (ticket: QueueTicket) => boolean,
  ): Promise<Set<string>> {
    const now = clock.now().getTime();
    const taken = new Set<string>();
    // A ticket left over from a find that raced a session start is refused by the charge, which
    // checks open sessions under the users' locks (this instance cannot know every call).
    const index = indexTickets(tickets);
    const pairs: TicketPair[] = [];
    const seekers: string[] = [];
    for (const ticket of tickets) {
      if (taken.has(ticket.userId) || !lookFor(ticket)) continue;
      const partner = pickFromIndex(ticket, index, now, deps.rules, taken);
      if (!partner) continue;
      taken.add(ticket.userId);
      taken.add(partner.userId);
      pairs.push(ticket.enqueuedAt <= partner.enqueuedAt ? [ticket, partner] : [partner, ticket]);
      seekers.push(ticket.userId);
    }
    const missed = new Set<string>();
    if (pairs.length === 0) return missed;
    const claimed = await broker.claimPairs(pairs);
    pairs.forEach(([older, newer], i) => {
      if (claimed[i]) startCreation(older, newer);
      else missed.add(seekers[i]!);
    });
    return missed;
  }

  /**
   * Scans the language, one scan at a time per language (a request during a scan runs one more
   * after it); resolves once the pairs it claimed are created or refused.
   */
  function runPairing(languageCode: string, all = false, snapshot?: QueueTicket[]): Promise<void> {
    return schedulePairing(languageCode, all, snapshot).then(settled);
  }

  /**
   * runPairing for a caller that does not wait (a find, a requeue): resolves when the scans end,
   * without following the creations, so a burst of finds does not keep a hundred waits on every
   * creation in flight.
   */
  function schedulePairing(languageCode: string, all = false, snapshot?: QueueTicket[]) {
    if (all) sweepAll.add(languageCode);
    let scan = running.get(languageCode);
    if (scan) {
      again.add(languageCode);
    } else {
      scan = (async () => {
        try {
          // The snapshot serves the first scan only; later ones read the queue again.
          let queue = snapshot;
          do {
            again.delete(languageCode);
            const everyone = sweepAll.delete(languageCode);
            await scanOnce(languageCode, everyone, queue);
            queue = undefined;
          } while (again.has(languageCode));
        } catch (error) {
          log.error({ err: error, languageCode }, 'matching failed');
        } finally {
          running.delete(languageCode);
        }
      })();
      running.set(languageCode, scan);
    }
    return scan;
  }

  /** Resolves when every creation started so far has finished. */
  async function settled(): Promise<void> {
    while (creations.size > 0) await Promise.all([...creations]);
  }

  async function sweep() {
    const languages = await broker.queuedLanguages();
    await Promise.all(languages.map((languageCode) => runPairing(languageCode, true)));
  }

  return {
    async find(userId, languageCode) {
      const now = clock.now();
      const [searcher, { online, ticket: existing }] = await Promise.all([
        deps.matchingRepo.loadSearcher(userId, languageCode, now),
        broker.searchState(userId),
      ]);
      // What the auth guard checks on every other route, read here with the searcher.
      const user = checkAccount(searcher?.account);
      if (!online) {
        throw new ConflictError(
          'Connect to the realtime socket before searching for a partner',
          ERROR_CODES.notConnected,
        );
      }
      if (searcher?.escalated) {
        throw new ForbiddenError(
          'Your account is under review; you cannot search for a partner until it is done',
          ERROR_CODES.underReview,
        );
      }
      if (!searcher?.level) throw new BadRequestError('You are not learning this language');
      if (!searcher.dateOfBirth) throw new BadRequestError('Create your profile first');
      if (searcher.inSession) {
        throw new AlreadyInSessionError([user.id]);
      }
      // A plan that lapsed is replaced under the user's lock first (rare): then read it again.
      const canPay = searcher.lapsed
        ? await deps.canPayForSession(user.id)
        : canPayForSession(searcher.state);
      if (!canPay) {
        throw new RateLimitedError(NO_TOKENS_MESSAGE, ERROR_CODES.sessionsLimitReached);
      }
      // Finding again in the same language keeps the place in the queue.
      const keep = existing?.languageCode === languageCode ? existing : undefined;
      const ticket: QueueTicket = {
        id: keep?.id ?? randomUUID(),
        userId: user.id,
        languageCode,
        level: searcher.level,
        ageGroup: ageGroupOf(searcher.dateOfBirth, now),
        enqueuedAt: keep?.enqueuedAt ?? now.getTime(),
        lastPartnerId: searcher.lastPartnerId,
        excludedUserIds: searcher.excludedUserIds,
        charge: searcher.lapsed
          ? undefined
          : { fingerprint: searcher.fingerprint, ...splitSessionCost(searcher.state) },
        profile: searcher.profile ?? undefined,
      };
      cancelledInFlight.delete(user.id);
      // The queue as the enqueue leaves it serves a scan that this find starts; with a scan under
      // way, the next one reads the queue itself, so a burst of finds is not answered (and does
      // not parse) a copy of the queue each.
      const snapshot = !running.has(languageCode);
      const queue = await broker.enqueue(ticket, { snapshot }).catch((error: unknown) => {
        // A command that timed out may still run once the broker catches up (Redis answers
        // late, it does not forget): take the ticket back with a cancel sent after it, so a
        // search this find reports as failed is never paired.
        broker.cancel(user.id).catch(() => undefined);
        throw error;
      });
      markFresh(ticket);
      if (!keep) deps.onSearchStarted?.(languageCode, searcher.level);
      // The queue as the enqueue left it: the scan needs no read of its own.
      void schedulePairing(languageCode, false, queue ?? undefined);
      return {
        status: 'searching',
        languageCode,
        searchStartTime: new Date(ticket.enqueuedAt).toISOString(),
        ...(ticket.lastPartnerId ? { rematchAfterMs: deps.rules.anyLevelAfterMs } : {}),
      };
    },

    async cancel(userId) {
      if (inFlight.has(userId)) cancelledInFlight.add(userId);
      const removed = await broker.cancel(userId);
      return { cancelled: removed !== null };
    },

    runPairing,

    sweep,

    async averageWaitMs(languageCode) {
      const samples = await broker.recentWaits(languageCode);
      if (samples.length === 0) return 0;
      return Math.round(samples.reduce((sum, ms) => sum + ms, 0) / samples.length);
    },

    start() {
      deps.scheduler.every(MATCH_SWEEP_INTERVAL_MS, () => {
        sweep().catch((error: unknown) => log.error({ err: error }, 'matching sweep failed'));
      });
    },
  };
}
