import { useCallback, useEffect, useReducer } from 'react';
import type { OfferCreateBody } from '@parlo/contract/match';
import { useSocketMessage } from '@/lib/realtime/use-socket-message';
import {
  acceptOffer,
  cancelOffer,
  createOffer,
  declineOffer,
} from '@/features/session-ended/api/offers';
import {
  initialOfferState,
  offerError,
  offerReducer,
  type OfferState,
} from '@/features/session-ended/lib/offer-state';

type ContinueOfferOptions = { partnerId: string; languageCode: string };

export type ContinueOffer = OfferState & {
  send: () => Promise<void>;
  cancel: () => Promise<void>;
  accept: () => Promise<void>;
  decline: () => Promise<void>;
};

/**
 * Continue with the same partner (spec §4): send, cancel, and answer an offer from them. An
 * accepted offer needs nothing more here: the server sends session_created to both, and the app's
 * match bridge opens /practice.
 */
export function useContinueOffer({ partnerId, languageCode }: ContinueOfferOptions): ContinueOffer {
  const [state, dispatch] = useReducer(offerReducer, initialOfferState);

  useSocketMessage('session_offer_received', ({ offer }) => {
    if (offer.fromUserId === partnerId) dispatch({ type: 'received', offer });
  });
  useSocketMessage('session_offer_declined', ({ offerId }) =>
    dispatch({ type: 'partner_declined', offerId }),
  );
  useSocketMessage('session_offer_cancelled', ({ offerId }) =>
    dispatch({ type: 'offer_cancelled', offerId }),
  );

  const received = state.received;
  useEffect(() => {
    if (!received) return;
    const left = Date.parse(received.expiresAt) - Date.now();
    if (!Number.isFinite(left)) return;
    const timer = setTimeout(
      () => dispatch({ type: 'received_expired', offerId: received.id }),
      Math.max(0, left),
    );
    return () => clearTimeout(timer);
  }, [received]);

  const { sent, sentOffer } = state;

  const send = useCallback(async () => {
    if (sent !== 'none') return;
    dispatch({ type: 'send' });
    const body: OfferCreateBody = {
      peerId: partnerId,
      languageCode: languageCode as OfferCreateBody['languageCode'],
      type: 'continuation',
    };
    try {
      dispatch({ type: 'sent', offer: await createOffer(body) });
    } catch (error) {
      dispatch({ type: 'send_failed', error: offerError(error) });
    }
  }, [sent, partnerId, languageCode]);

  const cancel = useCallback(async () => {
    if (sent !== 'pending' || !sentOffer) return;
    dispatch({ type: 'cancel' });
    try {
      await cancelOffer(sentOffer.id);
      dispatch({ type: 'cancelled_by_me' });
    } catch {
      dispatch({ type: 'cancel_failed' });
    }
  }, [sent, sentOffer]);

  const accept = useCallback(async () => {
    if (!received) return;
    dispatch({ type: 'respond', answer: 'accepting' });
    try {
      await acceptOffer(received.id);
    } catch (error) {
      dispatch({ type: 'respond_failed', error: offerError(error) });
    }
  }, [received]);

  const decline = useCallback(async () => {
    if (!received) return;
    dispatch({ type: 'respond', answer: 'declining' });
    try {
      await declineOffer(received.id);
      dispatch({ type: 'declined_by_me' });
    } catch (error) {
      dispatch({ type: 'respond_failed', error: offerError(error) });
    }
  }, [received]);

  return { ...state, send, cancel, accept, decline };
}
