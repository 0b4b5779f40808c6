import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutResult } from '@parlo/contract/billing';
import { ButtonLink } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';

/** After this long without the webhook's word, the page says it is taking longer than usual. */
export const CONFIRMATION_PATIENCE_MS = 30_000;

/**
 * What the user sees back from Checkout. Success is shown only once the server has it (from
 * Stripe's webhook); until then the payment is "being confirmed" while the page polls.
 */
export function CheckoutReturn({
  result,
  confirmed,
}: {
  result: CheckoutResult;
  confirmed: boolean;
}) {
  const { t } = useTranslation('tokens', { keyPrefix: 'premium_page.checkout' });
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (result !== 'success' || confirmed) return;
    const timer = setTimeout(() => setSlow(true), CONFIRMATION_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [result, confirmed]);

  if (result === 'cancelled') {
    return (
      <p role="status" className="mt-6 rounded-2xl bg-stone-100 px-4 py-3 text-sm text-stone-700">
        {t('cancelled')}
      </p>
    );
  }
  if (!confirmed) {
    return (
      <div
        role="status"
        className="mt-6 flex items-start gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
      >
        <span className="mt-0.5 size-5 shrink-0 animate-spin rounded-full border-2 border-amber-200 border-t-amber-600" />
        <div>
          <p className="font-semibold text-ink">{t('pending')}</p>
          <p className="mt-1 text-sm text-stone-700">{slow ? t('slow') : t('pending_text')}</p>
        </div>
      </div>
    );
  }
  return (
    <div role="status" className="mt-6 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <p className="flex items-center gap-2 font-semibold text-ink">
        <CheckIcon className="size-5 text-brand-700" />
        {t('success')}
      </p>
      <p className="mt-1 text-sm text-stone-700">{t('success_text')}</p>
      <ButtonLink to="/search" size="sm" className="mt-3">
        {t('start')}
      </ButtonLink>
    </div>
  );
}
