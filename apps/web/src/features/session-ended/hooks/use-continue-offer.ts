import {
  useContinueOfferStore,
  acceptReceivedOffer,
  cancelSentOffer,
  declineReceivedOffer,
  sendOffer,
} from '@/features/session-ended/stores/continue-offer-store';
import type { OfferState } from '@/features/session-ended/lib/offer-state';

type ContinueOfferOptions = { partnerId: string; languageCode: string };

export type ContinueOffer = OfferState & {
  /** A report between the two (either way): no offer is shown or made. */
  unavailableHere: boolean;
  send: () => Promise<void>;
  cancel: () => Promise<void>;
  accept: () => Promise<void>;
  decline: () => Promise<void>;
};

/**
 * Continue with the partner of the call that just ended (spec §4): send, cancel, and answer an
 * offer from them. The state is the app's (the toast shows the same offer off this page); only
 * an offer from this partner is shown here.
 */
export function useContinueOffer({ partnerId, languageCode }: ContinueOfferOptions): ContinueOffer {
  const state = useContinueOfferStore();
  const fromPartner = state.received?.fromUserId === partnerId;
  return {
    ...state,
    received: fromPartner ? state.received : null,
    unavailableHere: state.unavailable.includes(partnerId),
    send: () => sendOffer(partnerId, languageCode),
    cancel: cancelSentOffer,
    accept: acceptReceivedOffer,
    decline: declineReceivedOffer,
  };
}
