/** Codes the clients branch on; anything else carries the HTTP status as its code. */
export const ERROR_CODES = {
  invalidApiKey: 'invalid_api_key',
  alreadyInCall: 1001,
  sessionsLimitReached: 1002,
  /** A refused bonus-token grant; the ad cap says 'limit reached' in its message (spec §8). */
  badRequest: 'BAD_REQUEST',
  /** A search or offer from a user whose realtime socket is not connected (409). */
  notConnected: 'not_connected',
  /** An account taken out of matching until a moderator acts (3 reporters in 24 h; 403). */
  underReview: 'under_review',
  /** A continue offer between two users one of whom reported the other (a match exclusion). */
  pairExcluded: 'pair_excluded',
  /** Accepting a continue offer while one's own search is queued: stop searching first. */
  searching: 'searching',
  /** Payments are not set up on this server (no Stripe keys, no development provider). */
  billingUnavailable: 'billing_unavailable',
  /** A Stripe webhook whose Stripe-Signature does not verify (forged, altered or too old). */
  invalidSignature: 'invalid_signature',
  /**
   * A socket message failed because PostgreSQL or Redis cannot be reached (HTTP answers 503): the
   * client sends it again after `retryAfterMs`.
   */
  unavailable: 'unavailable',
} as const;
