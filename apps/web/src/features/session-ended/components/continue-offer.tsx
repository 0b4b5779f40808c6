import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import type { ContinueOffer as ContinueOfferModel } from '@/features/session-ended/hooks/use-continue-offer';

type ContinueOfferProps = { offer: ContinueOfferModel; partnerName: string };

/** The continue-with-partner block: one button and its states, or the partner's own offer. */
export function ContinueOffer({ offer, partnerName }: ContinueOfferProps) {
  const { t } = useTranslation('session-ended');
  const name = partnerName;

  if (offer.received) {
    return (
      <div
        role="alert"
        className="grid gap-3 rounded-xl bg-brand-50 p-4 text-left ring-1 ring-brand-200"
      >
        <p className="text-sm font-medium text-brand-900">{t('offer.received', { name })}</p>
        {offer.error === 'searching' && (
          <p className="text-sm text-stone-700">{t('offer.errors.searching')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => void offer.accept()}
            disabled={offer.responding !== null}
          >
            {offer.responding === 'accepting' ? t('offer.accepting') : t('offer.accept')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void offer.decline()}
            disabled={offer.responding !== null}
          >
            {t('offer.decline')}
          </Button>
        </div>
      </div>
    );
  }

  const disabled = offer.sent !== 'none';
  const label =
    offer.sent === 'sending'
      ? t('offer.sending')
      : offer.sent === 'pending' || offer.sent === 'cancelling'
        ? t('offer.pending_button')
        : t('offer.send', { name });

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="secondary" onClick={() => void offer.send()} disabled={disabled}>
          {label}
        </Button>
        {(offer.sent === 'pending' || offer.sent === 'cancelling') && (
          <Button
            variant="ghost"
            onClick={() => void offer.cancel()}
            disabled={offer.sent === 'cancelling'}
          >
            {t('offer.cancel')}
          </Button>
        )}
      </div>
      <OfferStatus offer={offer} name={name} />
    </div>
  );
}

function OfferStatus({ offer, name }: { offer: ContinueOfferModel; name: string }) {
  const { t } = useTranslation('session-ended');
  if (offer.error === 'no_tokens') {
    return (
      <div role="alert" className="grid justify-items-center gap-2 text-sm text-stone-700">
        <p>{t('offer.errors.no_tokens')}</p>
        <Button size="sm" onClick={() => openBonusTokens()}>
          {t('offer.get_bonus_tokens')}
        </Button>
      </div>
    );
  }
  if (offer.error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t(`offer.errors.${offer.error}`)}
      </p>
    );
  }
  const message =
    offer.sent === 'pending'
      ? t('offer.pending', { name })
      : offer.sent === 'declined'
        ? t('offer.declined', { name })
        : offer.sent === 'cancelled'
          ? t('offer.cancelled')
          : offer.sent === 'expired'
            ? t('offer.expired', { name })
            : offer.sent === 'failed'
              ? t('offer.failed')
              : null;
  if (!message) return null;
  return (
    <p role="status" className="text-sm text-stone-600">
      {message}
    </p>
  );
}
