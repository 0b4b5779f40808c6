import { ERROR_CODES } from '@parlo/contract/error-codes';
import type { SessionOffer } from '@parlo/contract/realtime';
import { isApiError } from '@/lib/api-client';

export type SentStatus =
  'none' | 'sending' | 'pending' | 'cancelling' | 'declined' | 'cancelled' | 'failed';

export type OfferError = 'no_tokens' | 'already_in_call' | 'generic';

export type OfferState = {
  sent: SentStatus;
  sentOffer: SessionOffer | null;
  /** An offer from the last partner, waiting for this user's answer. */
  received: SessionOffer | null;
  responding: 'accepting' | 'declining' | null;
  error: OfferError | null;
};

export type OfferAction =
  | { type: 'send' }
  | { type: 'sent'; offer: SessionOffer }
  | { type: 'send_failed'; error: OfferError }
  | { type: 'cancel' }
  | { type: 'cancelled_by_me' }
  | { type: 'cancel_failed' }
  | { type: 'partner_declined'; offerId: string }
  | { type: 'offer_cancelled'; offerId: string }
  | { type: 'received'; offer: SessionOffer }
  | { type: 'received_expired'; offerId: string }
  | { type: 'respond'; answer: 'accepting' | 'declining' }
  | { type: 'declined_by_me' }
  | { type: 'respond_failed'; error: OfferError };

export const initialOfferState: OfferState = {
  sent: 'none',
  sentOffer: null,
  received: null,
  responding: null,
  error: null,
};

/** Codes of spec §8: 1002 or 429 is no tokens left, 1001 or 409 already in a call. */
export function offerError(error: unknown): OfferError {
  if (!isApiError(error)) return 'generic';
  if (error.code === ERROR_CODES.sessionsLimitReached || error.status === 429) return 'no_tokens';
  if (error.code === ERROR_CODES.alreadyInCall || error.status === 409) return 'already_in_call';
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
      return state.sentOffer?.id === action.offerId ? { ...state, sent: 'declined' } : state;
    case 'offer_cancelled':
      if (state.received?.id === action.offerId) {
        return { ...state, received: null, responding: null };
      }
      if (state.sentOffer?.id === action.offerId && state.sent === 'pending') {
        return { ...state, sent: 'cancelled' };
      }
      return state;
    case 'received':
      return { ...state, received: action.offer, responding: null };
    case 'received_expired':
      return state.received?.id === action.offerId && !state.responding
        ? { ...state, received: null }
        : state;
    case 'respond':
      return state.received ? { ...state, responding: action.answer, error: null } : state;
    case 'declined_by_me':
      return { ...state, received: null, responding: null };
    case 'respond_failed':
      return { ...state, received: null, responding: null, error: action.error };
  }
}
