import { describe, expect, it } from 'vitest';
import type { SessionOffer } from '@parlo/contract/realtime';
import { ApiError } from '@/lib/api-client';
import {
  initialOfferState,
  offerError,
  offerReducer,
} from '@/features/session-ended/lib/offer-state';

const offer = { id: 'o1' } as SessionOffer;

describe('offerReducer', () => {
  it('goes none → sending → pending → cancelling → cancelled', () => {
    let state = offerReducer(initialOfferState, { type: 'send' });
    expect(state.sent).toBe('sending');
    state = offerReducer(state, { type: 'sent', offer });
    expect(state).toMatchObject({ sent: 'pending', sentOffer: offer });
    state = offerReducer(state, { type: 'cancel' });
    expect(state.sent).toBe('cancelling');
    state = offerReducer(state, { type: 'cancelled_by_me' });
    expect(state.sent).toBe('cancelled');
    expect(offerReducer(state, { type: 'send' })).toBe(state);
  });

  it('returns to pending when cancelling fails', () => {
    const pending = { ...initialOfferState, sent: 'cancelling' as const, sentOffer: offer };
    expect(offerReducer(pending, { type: 'cancel_failed' }).sent).toBe('pending');
  });

  it('marks only the matching sent offer declined, and a server cancel of it cancelled', () => {
    const pending = { ...initialOfferState, sent: 'pending' as const, sentOffer: offer };
    expect(offerReducer(pending, { type: 'partner_declined', offerId: 'x' })).toBe(pending);
    expect(offerReducer(pending, { type: 'partner_declined', offerId: 'o1' }).sent).toBe(
      'declined',
    );
    expect(offerReducer(pending, { type: 'offer_cancelled', offerId: 'o1' }).sent).toBe(
      'cancelled',
    );
  });

  it('expires a received offer unless the user is answering it', () => {
    const received = { ...initialOfferState, received: offer };
    expect(offerReducer(received, { type: 'received_expired', offerId: 'o1' }).received).toBeNull();
    const answering = offerReducer(received, { type: 'respond', answer: 'accepting' });
    expect(offerReducer(answering, { type: 'received_expired', offerId: 'o1' })).toBe(answering);
  });
});

describe('offerError', () => {
  it('maps 1002/429 to no tokens, 1001/409 to already in call, else generic', () => {
    expect(offerError(new ApiError(1002, '', 'http', 403))).toBe('no_tokens');
    expect(offerError(new ApiError(429, '', 'http', 429))).toBe('no_tokens');
    expect(offerError(new ApiError(1001, '', 'http', 400))).toBe('already_in_call');
    expect(offerError(new ApiError(409, '', 'http', 409))).toBe('already_in_call');
    expect(offerError(new ApiError(500, '', 'http', 500))).toBe('generic');
    expect(offerError(new Error('x'))).toBe('generic');
  });
});
