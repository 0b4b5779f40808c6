import { create } from 'zustand';
import type { OfferCreateBody } from '@parlo/contract/match';
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
  type OfferAction,
  type OfferState,
} from '@/features/session-ended/lib/offer-state';

type ContinueOfferStore = OfferState & {
  dispatch: (action: OfferAction) => void;
  reset: () => void;
};

/**
 * The continue-with-partner offers of this tab (spec §4), kept app-wide rather than by the
 * session-ended page: an offer reaches the partner wherever they are (a toast), and the sender
 * hears that it lapsed after leaving the page. A new session clears it.
 */
export const useContinueOfferStore = create<ContinueOfferStore>()((set) => ({
  ...initialOfferState,
  dispatch: (action) => set((state) => offerReducer(state, action)),
  reset: () => set(initialOfferState),
}));

const dispatch = (action: OfferAction) => useContinueOfferStore.getState().dispatch(action);
const current = () => useContinueOfferStore.getState();

/** Asks the last partner to continue (from the session-ended page). */
export async function sendOffer(partnerId: string, languageCode: string) {
  if (current().sent !== 'none') return;
  dispatch({ type: 'send' });
  const body: OfferCreateBody = {
    peerId: partnerId,
    languageCode: languageCode as OfferCreateBody['languageCode'],
    type: 'continuation',
  };
  try {
    dispatch({ type: 'sent', offer: await createOffer(body) });
  } catch (error) {
    const reason = offerError(error);
    dispatch({ type: 'send_failed', error: reason });
    if (reason === 'unavailable') dispatch({ type: 'unavailable', peerId: partnerId });
  }
}

export async function cancelSentOffer() {
  const { sent, sentOffer } = current();
  if (sent !== 'pending' || !sentOffer) return;
  dispatch({ type: 'cancel' });
  try {
    await cancelOffer(sentOffer.id);
    dispatch({ type: 'cancelled_by_me' });
  } catch {
    dispatch({ type: 'cancel_failed' });
  }
}

/**
 * Accepts the partner's offer. Nothing more is needed here: the server sends session_created to
 * both, and the app's match bridge opens /practice for each, wherever they are.
 */
export async function acceptReceivedOffer() {
  const { received, responding } = current();
  if (!received || responding) return;
  dispatch({ type: 'respond', answer: 'accepting' });
  try {
    await acceptOffer(received.id);
  } catch (error) {
    dispatch({ type: 'respond_failed', error: offerError(error) });
  }
}

export async function declineReceivedOffer() {
  const { received, responding } = current();
  if (!received || responding) return;
  dispatch({ type: 'respond', answer: 'declining' });
  try {
    await declineOffer(received.id);
    dispatch({ type: 'declined_by_me' });
  } catch (error) {
    dispatch({ type: 'respond_failed', error: offerError(error) });
  }
}
