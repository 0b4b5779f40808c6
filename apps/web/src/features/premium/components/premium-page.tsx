import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@parlo/contract/tokens';
import { Button, ButtonLink } from '@/components/ui/button';
import { GiftIcon, SparkleIcon } from '@/components/ui/icons';
import { activeSubscriptionQueryOptions } from '@/lib/api/get-active-subscription';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePlans } from '@/features/premium/api/get-plans';
import { PlanComparison } from '@/features/premium/components/plan-comparison';

/**
 * What Premium adds and how to get it. Payments are not in the app yet: the Parlo team grants
 * Premium on request, so the page explains that instead of showing a checkout or a price.
 */
export function PremiumPage() {
  const { t } = useTranslation('tokens', { keyPrefix: 'premium_page' });
  useDocumentTitle(t('page_title'));
  const plans = usePlans();
  const subscription = useQuery(activeSubscriptionQueryOptions());
  const current = subscription.data ?? null;
  const premium = current?.plan.code === 'premium';

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
        <SparkleIcon className="size-3.5" />
        {t('badge')}
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
        {t('title')}
      </h1>
      <p className="mt-3 max-w-2xl text-base leading-7 text-stone-600">{t('subtitle')}</p>

      {subscription.isSuccess && <CurrentPlan subscription={current} />}

      <section aria-labelledby="compare-title" className="mt-10">
        <h2 id="compare-title" className="text-xl font-bold text-ink">
          {t('compare.title')}
        </h2>
        <div className="mt-4">
          {plans.isPending && (
            <div role="status" className="flex justify-center py-10">
              <span className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
              <span className="sr-only">{t('compare.loading')}</span>
            </div>
          )}
          {plans.isError && (
            <div role="alert" className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
              <p className="text-sm text-stone-700">{t('compare.error')}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => void plans.refetch()}
              >
                {t('compare.retry')}
              </Button>
            </div>
          )}
          {plans.data && (
            <PlanComparison plans={plans.data} currentCode={current?.plan.code ?? null} />
          )}
        </div>
      </section>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="how-title"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
        >
          <h2 id="how-title" className="text-lg font-bold text-ink">
            {premium ? t('how.title_premium') : t('how.title')}
          </h2>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t('how.no_payments')}</p>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t('how.on_request')}</p>
          <ButtonLink to="/info/faq" variant="secondary" size="sm" className="mt-4">
            {t('how.contact')}
          </ButtonLink>
        </section>
        {!premium && (
          <section
            aria-labelledby="bonus-title"
            className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100"
          >
            <h2 id="bonus-title" className="text-lg font-bold text-ink">
              {t('bonus.title')}
            </h2>
            <p className="mt-2 text-sm leading-6 text-stone-700">{t('bonus.text')}</p>
            <Button size="sm" className="mt-4" onClick={() => openBonusTokens()}>
              <GiftIcon className="size-4" />
              {t('bonus.button')}
            </Button>
          </section>
        )}
      </div>
    </div>
  );
}

function CurrentPlan({ subscription }: { subscription: Subscription | null }) {
  const { t, i18n } = useTranslation('tokens', { keyPrefix: 'premium_page' });
  const code = subscription?.plan.code ?? 'free';
  const endsAt = subscription?.endsAt ? new Date(subscription.endsAt) : null;
  const until = endsAt
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(endsAt)
    : null;

  return (
    <p className="mt-6 inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-stone-200">
      <span className="text-stone-600">{t('current.label')}</span>
      <span className="font-bold text-ink">{t(`plans.${code}`)}</span>
      {code === 'premium' && (
        <span className="text-stone-600">
          {until ? t('current.until', { date: until }) : t('current.no_end')}
        </span>
      )}
    </p>
  );
}
