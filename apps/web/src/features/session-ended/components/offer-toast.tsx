import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Toast, ToastRegion } from '@/components/ui/toast';
import { useLiveSession } from '@/lib/session/live-session-store';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import type { OfferNotice } from '@/features/session-ended/lib/offer-state';
import {
  acceptReceivedOffer,
  declineReceivedOffer,
  useContinueOfferStore,
} from '@/features/session-ended/stores/continue-offer-store';

type OfferToastProps = {
  /** The session-ended page is open: it shows the offer and its outcome itself. */
  inlineOnPage: boolean;
  /** A call is on: an offer cannot be taken up now, and must not cover the call. */
  inCall: boolean;
};

/**
 * Continue offers wherever the user is in the app (issue 17): the partner's offer with Accept
 * and Decline, and for the sender, the word that the offer lapsed, was declined or failed.
 */
export function OfferToast({ inlineOnPage, inCall }: OfferToastProps) {
  const { t } = useTranslation('session-ended');
  const { received, receivedFrom, responding, error, notice, dispatch } = useContinueOfferStore();
  const ended = useLiveSession((state) => state.ended);
  const hidden = inlineOnPage || inCall;

  // What the page already said is not said again by a toast on the next page.
  useEffect(() => {
    if (notice && hidden) dispatch({ type: 'notice_dismissed' });
  }, [notice, hidden, dispatch]);

  const nameOf = (peerId: string) => {
    if (receivedFrom?.id === peerId && receivedFrom.name) return receivedFrom.name;
    const partner = ended?.payload.peerProfile;
    return partner?.id === peerId ? partner.name : t('toast.your_partner');
  };

  let toast = null;
  let announcement = '';
  if (!hidden && received) {
    const name = nameOf(received.fromUserId);
    const title = t('offer.received', { name });
    const text = error === 'searching' ? t('offer.errors.searching') : t('toast.received_text');
    announcement = `${title} ${text} ${t('toast.hotkey_hint')}`;
    toast = (
      <Toast
        title={title}
        description={<p role={error ? 'alert' : undefined}>{text}</p>}
        actions={
          <>
            <Button size="sm" onClick={() => void acceptReceivedOffer()} disabled={!!responding}>
              {responding === 'accepting' ? t('offer.accepting') : t('offer.accept')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void declineReceivedOffer()}
              disabled={!!responding}
            >
              {t('offer.decline')}
            </Button>
          </>
        }
      />
    );
  } else if (!hidden && notice) {
    const { title, text } = noticeTexts(notice, nameOf(notice.peerId), t);
    announcement = `${title} ${text}`;
    const dismiss = () => dispatch({ type: 'notice_dismissed' });
    toast = (
      <Toast
        title={title}
        description={<p>{text}</p>}
        onEscape={dismiss}
        actions={
          <>
            {'error' in notice && notice.error === 'no_tokens' && (
              <Button size="sm" onClick={() => openBonusTokens()}>
                {t('offer.get_bonus_tokens')}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={dismiss}>
              {t('toast.dismiss')}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <ToastRegion label={t('toast.region')} announcement={announcement}>
      {toast}
    </ToastRegion>
  );
}

type Translate = ReturnType<typeof useTranslation<'session-ended'>>['t'];

function noticeTexts(notice: OfferNotice, name: string, t: Translate) {
  switch (notice.kind) {
    case 'expired':
      return { title: t('toast.expired_title', { name }), text: t('toast.expired_text') };
    case 'declined':
      return { title: t('offer.declined', { name }), text: t('toast.declined_text') };
    case 'failed':
    case 'respond_failed':
      return {
        title: t('toast.failed_title', { name }),
        text: t(`offer.errors.${notice.error}`),
      };
  }
}
