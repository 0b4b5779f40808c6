/** What a client is told when PostgreSQL or Redis cannot be reached (HTTP 503, socket `unavailable`). */
export const UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable; please try again in a moment';
/** Seconds a client is asked to wait before trying again after an outage answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/**
 * SQLSTATEs that say PostgreSQL cannot serve us right now, rather than that a query was wrong:
 * class 08 (connection exceptions) is matched by prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: `pg_ctl stop -m fast`, a failover
  '57P02', // crash_shutdown: another backend crashed and the server is resetting
  '57P03', // cannot_connect_now: starting up, shutting down or in recovery
  '53300', // too_many_connections
  '57014', // query_canceled: the statement timeout (db/client.ts) cut a statement short
]);

/** Socket errors of Node's `net` and `dns`, as pg and ioredis pass them on. */
const UNAVAILABLE_ERRNO_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/**
 * Driver errors that carry no code, so only their exact text names them (pg, pg-pool, ioredis).
 * Exact strings, never substrings: a message that merely mentions a connection is not one.
 */
const UNAVAILABLE_MESSAGES = new Set([
  // pg: the server closed the socket (shutdown, crash, network).
  'Connection terminated unexpectedly',
  // pg: a client whose socket died is asked for another query (e.g. a transaction's rollback).
  'Client has encountered a connection error and is not queryable',
  // pg-pool: connecting took longer than connectionTimeoutMillis.
  'Connection terminated due to connection timeout',
  // pg-pool: no pooled client became free within connectionTimeoutMillis.
  'timeout exceeded when trying to connect',
  // pg: no answer at all within query_timeout (a frozen server, a partition).
  'Query read timeout',
  // ioredis: the connection is gone and will not be retried (or the client was closed).
  'Connection is closed.',
  // ioredis: no reply within commandTimeout.
  'Command timed out',
  // ioredis: disconnected, with the offline queue turned off.
  "Stream isn't writeable and enableOfflineQueue options is false",
  // The Redis broker: its channel subscriptions did not come back within the command timeout.
  'redis subscription not ready',
]);

/** ioredis gave up reconnecting for a queued command (error.name; the message holds a count). */
const UNAVAILABLE_ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);

/** How far down `cause` chains and AggregateError lists to look; drizzle adds one level. */
const MAX_DEPTH = 5;

interface ErrorFields {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Why `error` means that PostgreSQL or Redis cannot be reached — the SQLSTATE, errno code, error
 * name or driver message that says so — or undefined for any other error. Walks the cause chain
 * (drizzle wraps driver errors) and AggregateErrors (Node's connect tries every address).
 */
export function unavailableReason(error: unknown, depth = 0): string | undefined {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return undefined;
  const { name, code, message, cause, errors } = error as ErrorFields;
  if (typeof code === 'string') {
    if (UNAVAILABLE_ERRNO_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return code;
    if (/^08[0-9A-Z]{3}$/.test(code)) return code;
  }
  if (typeof name === 'string' && UNAVAILABLE_ERROR_NAMES.has(name)) return name;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.has(message)) return message;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const reason = unavailableReason(inner, depth + 1);
      if (reason) return reason;
    }
  }
  return unavailableReason(cause, depth + 1);
}

/** True when `error` means that PostgreSQL or Redis cannot be reached; see `unavailableReason`. */
export function isUnavailableError(error: unknown): boolean {
  return unavailableReason(error) !== undefined;
}
