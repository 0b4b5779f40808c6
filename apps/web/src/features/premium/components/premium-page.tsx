import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CHECKOUT_RESULTS,
  type BillingOverview,
  type CheckoutResult,
} from '@parlo/contract/billing';
import type { Subscription } from '@parlo/contract/tokens';
import { Button, ButtonLink } from '@/components/ui/button';
import { GiftIcon, SparkleIcon } from '@/components/ui/icons';
import { activeSubscriptionQueryOptions } from '@/lib/api/get-active-subscription';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import { tokensQueryKey } from '@/lib/tokens/use-token-balance';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBilling } from '@/features/premium/api/get-billing';
import { usePlans } from '@/features/premium/api/get-plans';
import { BuyPremium } from '@/features/premium/components/buy-premium';
import { CheckoutReturn } from '@/features/premium/components/checkout-return';
import { PaidSubscriptionCard } from '@/features/premium/components/paid-subscription';
import { PlanComparison } from '@/features/premium/components/plan-comparison';

/** How often the page asks whether Stripe's webhook has arrived, after a checkout. */
const CONFIRMATION_POLL_MS = 1500;

const checkoutResultOf = (value: string | null): CheckoutResult | null =>
  CHECKOUT_RESULTS.find((result) => result === value) ?? null;

/**
 * What Premium adds and how to get it: bought through Stripe Checkout where payments are set up,
 * otherwise granted by the Parlo team on request. The plan shown is always the server's.
 */
export function PremiumPage() {
  const { t } = useTranslation('tokens', { keyPrefix: 'premium_page' });
  useDocumentTitle(t('page_title'));
  const [searchParams] = useSearchParams();
  const checkoutResult = checkoutResultOf(searchParams.get('checkout'));
  const queryClient = useQueryClient();
  const plans = usePlans();
  const subscription = useQuery(activeSubscriptionQueryOptions());
  const current = subscription.data ?? null;
  const premium = current?.plan.code === 'premium';
  const awaiting = checkoutResult === 'success' && subscription.isSuccess && !premium;
  const billing = useBilling();
  // Until the webhook's word arrives, the plan and the billing state are read again and again.
  useEffect(() => {
    if (!awaiting) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
      CONFIRMATION_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [awaiting, queryClient]);
  // Once confirmed, every token count (menu, dashboard, search) is read again.
  const wasPremium = useRef(premium);
  useEffect(() => {
    if (premium && !wasPremium.current)
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
    wasPremium.current = premium;
  }, [premium, queryClient]);

  const overview = billing.data;
  const paid = overview?.subscription ?? null;
  const canBuy = overview?.purchasable === true && subscription.isSuccess && !premium && !awaiting;

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

      {checkoutResult && subscription.isSuccess && (
        <CheckoutReturn result={checkoutResult} confirmed={premium} />
      )}
      {subscription.isSuccess && (
        <CurrentPlan subscription={current} paid={premium ? paid : null} />
      )}
      {canBuy && overview && <BuyPremium billing={overview} />}
      {paid && overview && (premium || paid.state === 'past_due') && (
        <PaidSubscriptionCard subscription={paid} billing={overview} />
      )}

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
        {overview && <HowItWorks billing={overview} premium={premium} paid={paid !== null} />}
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

/** Buying where payments are set up; otherwise how the Parlo team grants Premium. */
function HowItWorks({
  billing,
  premium,
  paid,
}: {
  billing: BillingOverview;
  premium: boolean;
  paid: boolean;
}) {
  const { t } = useTranslation('tokens', { keyPrefix: 'premium_page.how' });
  return (
    <section
      aria-labelledby="how-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="how-title" className="text-lg font-bold text-ink">
        {premium ? t('title_premium') : t('title')}
      </h2>
      {billing.purchasable ? (
        <>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t('monthly')}</p>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t('cancel_any_time')}</p>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm leading-6 text-stone-600">
            {premium && !paid ? t('granted') : t('no_payments')}
          </p>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t('on_request')}</p>
          <ButtonLink to="/info/faq" variant="secondary" size="sm" className="mt-4">
            {t('contact')}
          </ButtonLink>
        </>
      )}
    </section>
  );
}

function CurrentPlan({
  subscription,
  paid,
}: {
  subscription: Subscription | null;
  paid: BillingOverview['subscription'];
}) {
  const { t, i18n } = useTranslation('tokens', { keyPrefix: 'premium_page' });
  const code = subscription?.plan.code ?? 'free';
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(iso));
  // A renewing paid plan is told by its renewal date, not by the end the server keeps for it.
  const detail =
    paid?.state === 'active'
      ? t('current.renews', { date: format(paid.currentPeriodEnd) })
      : paid?.state === 'cancelling'
        ? t('current.until', { date: format(paid.currentPeriodEnd) })
        : subscription?.endsAt
          ? t('current.until', { date: format(subscription.endsAt) })
          : t('current.no_end');

  return (
    <p className="mt-6 inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-stone-200">
      <span className="text-stone-600">{t('current.label')}</span>
      <span className="font-bold text-ink">{t(`plans.${code}`)}</span>
      {code === 'premium' && <span className="text-stone-600">{detail}</span>}
    </p>
  );
}
