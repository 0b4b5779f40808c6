import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingCurrency, BillingOverview } from '@parlo/contract/billing';
import { Button } from '@/components/ui/button';
import { ShieldCheckIcon, SparkleIcon } from '@/components/ui/icons';
import { useStartCheckout } from '@/features/premium/api/start-checkout';
import { formatPrice } from '@/features/premium/lib/format-price';

/** The price in the user's currency and "Go Premium", which opens Stripe Checkout. */
export function BuyPremium({ billing }: { billing: BillingOverview }) {
  const { t, i18n } = useTranslation('tokens', { keyPrefix: 'premium_page.buy' });
  const [currency, setCurrency] = useState<BillingCurrency | null>(billing.currency);
  const checkout = useStartCheckout();
  const price = billing.prices.find((candidate) => candidate.currency === currency);
  if (!price) return null;
  // Leaving for Stripe keeps the button busy until the page is gone.
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <section
      aria-labelledby="buy-title"
      className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-2 ring-amber-300 sm:p-8"
    >
      <h2 id="buy-title" className="text-lg font-bold text-ink">
        {t('title')}
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-x-6 gap-y-3">
        <p className="text-ink">
          <span className="text-4xl font-bold tracking-tight" data-testid="premium-price">
            {formatPrice(price, i18n.resolvedLanguage)}
          </span>{' '}
          <span className="text-sm text-stone-600">{t('per_month')}</span>
        </p>
        {billing.prices.length > 1 && (
          <label className="flex items-center gap-2 text-sm text-stone-600">
            {t('currency_label')}
            <select
              value={price.currency}
              onChange={(event) => setCurrency(event.target.value as BillingCurrency)}
              className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-ink"
            >
              {billing.prices.map((option) => (
                <option key={option.currency} value={option.currency}>
                  {option.currency}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p className="mt-3 text-sm leading-6 text-stone-600">{t('renews')}</p>
      <Button
        size="lg"
        className="mt-5 w-full sm:w-auto"
        disabled={busy}
        onClick={() => checkout.mutate({ currency: price.currency })}
      >
        <SparkleIcon className="size-4" />
        {busy ? t('opening') : t('go_premium')}
      </Button>
      {checkout.isError && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {t('error')}
        </p>
      )}
      <p className="mt-4 flex items-start gap-2 text-xs leading-5 text-stone-500">
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0" />
        {billing.development ? t('development') : t('secure')}
      </p>
    </section>
  );
}
