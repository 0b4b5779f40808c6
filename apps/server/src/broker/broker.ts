import type { ProficiencyLevel } from '@parlo/contract/constants';
import type { ServerMessage } from '@parlo/contract/realtime';
import type { RateCounter } from '../lib/rate-counter.ts';

/**
 * What server instances share (DESIGN §2 Seams: Broker): who is connected where, delivery of
 * socket messages to wherever a user's socket lives, the matchmaking queue, short-lived
 * counters and the sign-in sessions ended before their access tokens expire. The memory adapter serves one process; a Redis adapter (hashes for presence and
 * tickets, a Lua script for `claimPairs`, a pub/sub channel per instance for delivery) drops in
 * behind the same interface.
 */
export interface Broker extends RateCounter {
  /** Marks the user connected on `instanceId`; false when a socket of the user already exists. */
  claimPresence(userId: string, instanceId: string): Promise<boolean>;
  /** Forgets the user's presence, only when `instanceId` still owns it. */
  releasePresence(userId: string, instanceId: string): Promise<void>;
  /**
   * After the broker lost its store for a while (Redis restarted, maybe empty), an instance states
   * the sockets it holds again. Answers the users another live instance holds meanwhile.
   */
  reassertPresence(instanceId: string, userIds: readonly string[]): Promise<string[]>;
  isOnline(userId: string): Promise<boolean>;
  /** Those of `userIds` whose socket is on a live instance, in one round trip. */
  onlineAmong(userIds: readonly string[]): Promise<string[]>;
  onlineCount(): Promise<number>;

  /** Receives what is delivered to the users whose socket lives on `instanceId`. */
  subscribe(instanceId: string, listener: (event: BrokerEvent) => void): () => void;
  /** Sends to the instance holding the user's socket; false when the user is not connected. */
  deliver(userId: string, message: ServerMessage): Promise<boolean>;
  /** Closes the user's socket wherever it lives (sign-out, account deletion). */
  disconnect(userId: string, code: number, reason: string): Promise<boolean>;

  /**
   * Adds or replaces the user's ticket (a user waits in at most one queue); answers the
   * language's tickets as they stand right after, oldest first (what a scan would read next), or
   * null when there are more than ENQUEUE_SNAPSHOT_MAX (then every find copying the whole queue
   * would cost more than the scan's own read saves), or when `snapshot` is false (no scan would
   * start with it).
   */
  enqueue(ticket: QueueTicket, options?: { snapshot?: boolean }): Promise<QueueTicket[] | null>;
  /** Removes the user's ticket; answers the removed ticket. */
  cancel(userId: string): Promise<QueueTicket | null>;
  /** Removes the tickets of these users, those that have one; one round trip on one Redis. */
  cancelAll(userIds: readonly string[]): Promise<void>;
  ticketOf(userId: string): Promise<QueueTicket | null>;
  /**
   * What a find checks first: whether the user is online (isOnline) and their ticket (ticketOf),
   * in one round trip on one Redis (a cluster asks the two slots at once).
   */
  searchState(userId: string): Promise<{ online: boolean; ticket: QueueTicket | null }>;
  /** The language's tickets, oldest first. */
  tickets(languageCode: string): Promise<QueueTicket[]>;
  /** Languages with at least one ticket. */
  queuedLanguages(): Promise<string[]>;
  /**
   * For each pair, in order: atomically removes both tickets when both are still queued unchanged
   * (same ticket ids) and both users are connected; otherwise removes neither. Answers whether
   * each pair was claimed. This is what keeps a user out of two pairs; a scan claims every pair it
   * chose in one call, so its cost does not grow with the pairs in one round trip each.
   */
  claimPairs(pairs: readonly TicketPair[]): Promise<boolean[]>;

  /**
   * Ends a sign-in session on every instance for `ttlMs`, as long as an access token naming it
   * can live: from then on its access tokens are refused everywhere.
   */
  revokeSession(sessionId: string, ttlMs: number): Promise<void>;
  /** Whether the session was revoked (within the revocation's ttl). */
  isSessionRevoked(sessionId: string): Promise<boolean>;

  /**
   * Adds a match's waits (its two tickets', in the order they were made) to the recent waits of
   * its language, the last WAIT_SAMPLES kept; one round trip.
   */
  recordWaits(languageCode: string, waitsMs: readonly number[]): Promise<void>;
  /** The recent waits of a language, or of every language, newest first; shared by instances. */
  recentWaits(languageCode?: string): Promise<number[]>;

  close(): Promise<void>;
}

export type BrokerEvent =
  | { kind: 'message'; userId: string; message: ServerMessage }
  | { kind: 'disconnect'; userId: string; code: number; reason: string }
  /** The broker is reachable again after an outage: presence may need stating again. */
  | { kind: 'reconnected' };

/** The longest queue an enqueue answers (see Broker.enqueue). */
export const ENQUEUE_SNAPSHOT_MAX = 64;

/** How many recent waits per language the broker keeps for the statistics. */
export const WAIT_SAMPLES = 50;

export type AgeGroup = 'minor' | 'adult';

export interface QueueTicket {
  /** Unique per enqueue, so a claim never takes a ticket re-made after a cancel. */
  id: string;
  userId: string;
  languageCode: string;
  level: ProficiencyLevel;
  ageGroup: AgeGroup;
  /** Epoch milliseconds. */
  enqueuedAt: number;
  lastPartnerId: string | null;
  /** Users this one must never be paired with (match_exclusions), read at enqueue. */
  excludedUserIds: string[];
  /**
   * What the user pays for a session as decided at the find, with the token state it was decided
   * on; the charge takes it in one round trip if the state is still the same.
   */
  charge?: PrepaidCharge | undefined;
  /**
   * What the partner will be shown of this user besides `level`, read at the find: the session's
   * announcement then needs no read of its own. Absent before onboarding.
   */
  profile?: TicketProfile | undefined;
}

/** Two tickets of one language to be paired, the older first. */
export type TicketPair = readonly [QueueTicket, QueueTicket];

export interface TicketProfile {
  name: string;
  country: string;
  imageUrl: string | null;
}

export interface PrepaidCharge {
  fingerprint: string;
  daily: number;
  bonus: number;
}
