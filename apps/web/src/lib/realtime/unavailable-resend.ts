import { SOCKET_UNAVAILABLE_RETRIES } from '@parlo/contract/constants';
import { ERROR_CODES } from '@parlo/contract/error-codes';
import type { ClientMessage, ServerMessage } from '@parlo/contract/realtime';

type ErrorPayload = Extract<ServerMessage, { type: 'error' }>['payload'];

/** Sent messages remembered, to find the one an `unavailable` error names by its ref. */
const REMEMBERED = 64;
/** Used when the server names no delay; it names one on every `unavailable`. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

interface Sent {
  message: ClientMessage;
  /** The number of the first sending; a later message of the same type supersedes it. */
  origin: number;
  attempt: number;
}

export interface UnavailableResend {
  /** Puts a ref on a message about to be sent and remembers it. */
  stamp(message: ClientMessage): ClientMessage;
  /** An `error` arrived: a message that met an outage is sent again later. */
  handleError(payload: unknown): void;
  /** The socket went away: nothing pending is sent again. */
  reset(): void;
}

/**
 * A message the server could not handle because PostgreSQL or Redis was unreachable (code
 * `unavailable`, as HTTP answers 503) is sent again after the server's `retryAfterMs` times the
 * attempt, at most SOCKET_UNAVAILABLE_RETRIES times. A message a later one of the same type has
 * superseded (a newer offer, toggle or quality report) is dropped instead; ICE candidates are
 * each needed, so all of them are sent again.
 */
export function createUnavailableResend(deps: {
  transmit: (message: ClientMessage) => boolean;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}): UnavailableResend {
  let nextRef = 0;
  const sent = new Map<number, Sent>();
  const latestOrigin = new Map<ClientMessage['type'], number>();
  const timers = new Set<unknown>();

  function remember(message: ClientMessage, origin: number, attempt: number): ClientMessage {
    const ref = ++nextRef;
    sent.set(ref, { message, origin, attempt });
    // Maps iterate in insertion order: the first key is the oldest.
    if (sent.size > REMEMBERED) sent.delete(sent.keys().next().value!);
    return { ...message, ref };
  }

  function resend(entry: Sent) {
    const superseded =
      entry.message.type !== 'candidate' && latestOrigin.get(entry.message.type) !== entry.origin;
    if (superseded) return;
    deps.transmit(remember(entry.message, entry.origin, entry.attempt + 1));
  }

  return {
    stamp(message) {
      // A first sending is its own origin: the ref it is about to get.
      const origin = nextRef + 1;
      latestOrigin.set(message.type, origin);
      return remember(message, origin, 0);
    },
    handleError(received) {
      const payload = (received ?? {}) as Partial<ErrorPayload>;
      if (payload.code !== ERROR_CODES.unavailable || typeof payload.ref !== 'number') return;
      const entry = sent.get(payload.ref);
      sent.delete(payload.ref);
      if (!entry || entry.attempt >= SOCKET_UNAVAILABLE_RETRIES) return;
      const after =
        typeof payload.retryAfterMs === 'number' ? payload.retryAfterMs : DEFAULT_RETRY_AFTER_MS;
      const delay = after * (entry.attempt + 1);
      const timer = deps.setTimeout(() => {
        timers.delete(timer);
        resend(entry);
      }, delay);
      timers.add(timer);
    },
    reset() {
      for (const timer of timers) deps.clearTimeout(timer);
      timers.clear();
      sent.clear();
      latestOrigin.clear();
    },
  };
}
