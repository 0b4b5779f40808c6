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

describe('offerReducer (issue 17)', () => {
  const sent = { ...initialOfferState, sent: 'pending' as const, sentOffer: offer };

  it('tells an expired sent offer from a withdrawn one, with a notice for other pages', () => {
    const expired = offerReducer(sent, {
      type: 'offer_cancelled',
      offerId: 'o1',
      reason: 'expired',
    });
    expect(expired).toMatchObject({ sent: 'expired', notice: { kind: 'expired' } });
    const withdrawn = offerReducer(sent, { type: 'offer_cancelled', offerId: 'o1' });
    expect(withdrawn).toMatchObject({ sent: 'cancelled', notice: null });
  });

  it('drops and refuses offers from a partner with a report between the two', () => {
    const incoming = { ...offer, fromUserId: 'p1' };
    let state = offerReducer(initialOfferState, { type: 'received', offer: incoming });
    state = offerReducer(state, { type: 'unavailable', peerId: 'p1' });
    expect(state.received).toBeNull();
    expect(offerReducer(state, { type: 'received', offer: incoming }).received).toBeNull();
  });

  it('keeps the offer when accepting is refused because the receiver is searching', () => {
    const incoming = offerReducer(initialOfferState, { type: 'received', offer });
    const answering = offerReducer(incoming, { type: 'respond', answer: 'accepting' });
    const refused = offerReducer(answering, { type: 'respond_failed', error: 'searching' });
    expect(refused).toMatchObject({ received: offer, responding: null, error: 'searching' });
  });
});

describe('offerError', () => {
  it('maps the contract codes of a refused offer: reported pair, still searching', () => {
    expect(offerError(new ApiError('pair_excluded', '', 'http', 409))).toBe('unavailable');
    expect(offerError(new ApiError('searching', '', 'http', 409))).toBe('searching');
  });

  it('maps 1002/429 to no tokens, 1001/409 to already in call, else generic', () => {
    expect(offerError(new ApiError(1002, '', 'http', 403))).toBe('no_tokens');
    expect(offerError(new ApiError(429, '', 'http', 429))).toBe('no_tokens');
    expect(offerError(new ApiError(1001, '', 'http', 400))).toBe('already_in_call');
    expect(offerError(new ApiError(409, '', 'http', 409))).toBe('already_in_call');
    expect(offerError(new ApiError(500, '', 'http', 500))).toBe('generic');
    expect(offerError(new Error('x'))).toBe('generic');
  });
});
