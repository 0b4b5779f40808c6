/** Codes the clients branch on; anything else carries the HTTP status as its code. */
export const ERROR_CODES = {
  invalidApiKey: 'invalid_api_key',
  alreadyInCall: 1001,
  sessionsLimitReached: 1002,
  /** A refused bonus-token grant; the ad cap says 'limit reached' in its message (spec §8). */
  badRequest: 'BAD_REQUEST',
  /**
   * A socket message failed because PostgreSQL or Redis cannot be reached (HTTP answers 503): the
   * client sends it again after `retryAfterMs`.
   */
  unavailable: 'unavailable',
} as const;
