import type { OfferCloseReason } from '@parlo/contract/constants';
import { ERROR_CODES } from '@parlo/contract/error-codes';
import type { PeerProfile, SessionOffer } from '@parlo/contract/realtime';
import { isApiError } from '@/lib/api-client';

export type SentStatus =
  'none' | 'sending' | 'pending' | 'cancelling' | 'declined' | 'cancelled' | 'expired' | 'failed';

export type OfferError = 'no_tokens' | 'already_in_call' | 'searching' | 'unavailable' | 'generic';

/**
 * What the app tells off the session-ended page (a toast): the sender's offer lapsed, was
 * declined or failed, or answering the partner's offer failed.
 */
export type OfferNotice =
  | { kind: 'expired' | 'declined'; peerId: string }
  | { kind: 'failed' | 'respond_failed'; peerId: string; error: OfferError };

export type OfferState = {
  sent: SentStatus;
  sentOffer: SessionOffer | null;
  /** An offer from the last partner, waiting for this user's answer. */
  received: SessionOffer | null;
  /** Its sender as the server named them (any page can show the name). */
  receivedFrom: PeerProfile | null;
  responding: 'accepting' | 'declining' | null;
  error: OfferError | null;
  notice: OfferNotice | null;
  /** Partners with a report between us: no offer either way (issue 17). */
  unavailable: string[];
};

export type OfferAction =
  | { type: 'send' }
  | { type: 'sent'; offer: SessionOffer }
  | { type: 'send_failed'; error: OfferError }
  | { type: 'cancel' }
  | { type: 'cancelled_by_me' }
  | { type: 'cancel_failed' }
  | { type: 'partner_declined'; offerId: string }
  | { type: 'offer_cancelled'; offerId: string; reason?: OfferCloseReason | undefined }
  | { type: 'offer_failed'; offerId: string; error: OfferError }
  | { type: 'received'; offer: SessionOffer; from?: PeerProfile | undefined }
  | { type: 'received_expired'; offerId: string }
  | { type: 'respond'; answer: 'accepting' | 'declining' }
  | { type: 'declined_by_me' }
  | { type: 'respond_failed'; error: OfferError }
  | { type: 'unavailable'; peerId: string }
  | { type: 'notice_dismissed' };

export const initialOfferState: OfferState = {
  sent: 'none',
  sentOffer: null,
  received: null,
  receivedFrom: null,
  responding: null,
  error: null,
  notice: null,
  unavailable: [],
};

/**
 * Codes of spec §8 (1002 or 429 is no tokens left, 1001 or 409 already in a call), and the
 * contract's refusals of a continue offer: a reported pair, a receiver still searching.
 */
export function offerError(error: unknown): OfferError {
  if (!isApiError(error)) return 'generic';
  return offerErrorOf(error.code, error.status);
}

export function offerErrorOf(code: number | string, status?: number): OfferError {
  if (code === ERROR_CODES.pairExcluded) return 'unavailable';
  if (code === ERROR_CODES.searching) return 'searching';
  if (code === ERROR_CODES.sessionsLimitReached || status === 429) return 'no_tokens';
  if (code === ERROR_CODES.alreadyInCall || status === 409) return 'already_in_call';
  return 'generic';
}

/** The continue-with-partner states of spec §4, as one pure transition function. */
export function offerReducer(state: OfferState, action: OfferAction): OfferState {
  switch (action.type) {
    case 'send':
      return state.sent === 'none' ? { ...state, sent: 'sending', error: null } : state;
    case 'sent':
      return state.sent === 'sending'
        ? { ...state, sent: 'pending', sentOffer: action.offer }
        : state;
    case 'send_failed':
      return { ...state, sent: 'failed', error: action.error };
    case 'cancel':
      return state.sent === 'pending' ? { ...state, sent: 'cancelling' } : state;
    case 'cancelled_by_me':
      return { ...state, sent: 'cancelled' };
    case 'cancel_failed':
      // Still pending on the server as far as we know; let the user try again.
      return state.sent === 'cancelling' ? { ...state, sent: 'pending' } : state;
    case 'partner_declined':
      return state.sentOffer?.id === action.offerId
        ? {
            ...state,
            sent: 'declined',
            notice: { kind: 'declined', peerId: state.sentOffer.toUserId },
          }
        : state;
    case 'offer_cancelled':
      if (state.received?.id === action.offerId) {
        return { ...state, received: null, responding: null };
      }
      if (state.sentOffer?.id === action.offerId && state.sent === 'pending') {
        if (action.reason !== 'expired') return { ...state, sent: 'cancelled' };
        const notice = { kind: 'expired', peerId: state.sentOffer.toUserId } as const;
        return { ...state, sent: 'expired', notice };
      }
      return state;
    case 'offer_failed':
      if (state.sentOffer?.id !== action.offerId || state.sent !== 'pending') return state;
      return {
        ...state,
        sent: 'failed',
        error: action.error,
        notice: { kind: 'failed', peerId: state.sentOffer.toUserId, error: action.error },
      };
    case 'received':
      if (state.unavailable.includes(action.offer.fromUserId)) return state;
      return {
        ...state,
        received: action.offer,
        receivedFrom: action.from ?? null,
        responding: null,
        notice: null,
      };
    case 'received_expired':
      return state.received?.id === action.offerId && !state.responding
        ? { ...state, received: null }
        : state;
    case 'respond':
      return state.received ? { ...state, responding: action.answer, error: null } : state;
    case 'declined_by_me':
      return { ...state, received: null, responding: null };
    case 'respond_failed': {
      // Still pending on the server: once the search stops, the offer can be accepted.
      if (action.error === 'searching') return { ...state, responding: null, error: 'searching' };
      const peerId = state.received?.fromUserId ?? '';
      const notice = { kind: 'respond_failed', peerId, error: action.error } as const;
      return { ...state, received: null, responding: null, error: action.error, notice };
    }
    case 'unavailable':
      return {
        ...state,
        unavailable: [...state.unavailable, action.peerId],
        ...(state.received?.fromUserId === action.peerId
          ? { received: null, responding: null }
          : {}),
      };
    case 'notice_dismissed':
      return { ...state, notice: null };
  }
}
