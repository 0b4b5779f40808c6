import { useEffect } from 'react';
import { useSocketMessage } from '@/lib/realtime/use-socket-message';
import { offerErrorOf } from '@/features/session-ended/lib/offer-state';
import { useContinueOfferStore } from '@/features/session-ended/stores/continue-offer-store';

/**
 * Feeds the app-wide offer store from the socket, on every member page: offers from the last
 * partner, their answers, expiries, failures, and the end of continuing after a report. A new
 * session clears the offers (spec §4); signing out (unmounting) forgets them.
 */
export function useContinueOfferBridge() {
  const dispatch = useContinueOfferStore((state) => state.dispatch);

  useSocketMessage('session_offer_received', ({ offer, from }) =>
    dispatch({ type: 'received', offer, from }),
  );
  useSocketMessage('session_offer_declined', ({ offerId }) =>
    dispatch({ type: 'partner_declined', offerId }),
  );
  useSocketMessage('session_offer_cancelled', ({ offerId, reason }) =>
    dispatch({ type: 'offer_cancelled', offerId, reason }),
  );
  useSocketMessage('session_offer_unavailable', ({ peerId }) =>
    dispatch({ type: 'unavailable', peerId }),
  );
  // Accepting failed after the answer (a side could not pay, or was in a call meanwhile).
  useSocketMessage('error', ({ code, offerId }) => {
    if (offerId) dispatch({ type: 'offer_failed', offerId, error: offerErrorOf(code) });
  });
  useSocketMessage('session_created', () => useContinueOfferStore.getState().reset());

  useEffect(() => () => useContinueOfferStore.getState().reset(), []);

  const received = useContinueOfferStore((state) => state.received);
  useEffect(() => {
    if (!received) return;
    const left = Date.parse(received.expiresAt) - Date.now();
    if (!Number.isFinite(left)) return;
    const timer = setTimeout(
      () => dispatch({ type: 'received_expired', offerId: received.id }),
      Math.max(0, left),
    );
    return () => clearTimeout(timer);
  }, [received, dispatch]);
}
