import { useTranslation } from 'react-i18next';
import type { BillingOverview, PaidSubscription } from '@parlo/contract/billing';
import { Button } from '@/components/ui/button';
import { useOpenPortal } from '@/features/premium/api/open-portal';

/** The paid subscription's state and "Manage subscription" (the Stripe Billing Portal). */
export function PaidSubscriptionCard({
  subscription,
  billing,
}: {
  subscription: PaidSubscription;
  billing: BillingOverview;
}) {
  const { t, i18n } = useTranslation('tokens', { keyPrefix: 'premium_page.manage' });
  const portal = useOpenPortal();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(
    new Date(subscription.currentPeriodEnd),
  );
  const busy = portal.isPending || portal.isSuccess;
  const warning = subscription.state === 'past_due';

  return (
    <section
      aria-labelledby="manage-title"
      className={`mt-8 rounded-2xl p-6 shadow-sm ring-1 sm:p-8 ${warning ? 'bg-red-50 ring-red-200' : 'bg-white ring-stone-200'}`}
    >
      <h2 id="manage-title" className="text-lg font-bold text-ink">
        {t('title')}
      </h2>
      <p className="mt-2 text-sm leading-6 text-stone-700" data-testid="subscription-state">
        {t(`state.${subscription.state}`, { date })}
      </p>
      {billing.manageable && billing.purchasable && (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={busy}
          onClick={() => portal.mutate()}
        >
          {busy ? t('opening') : t('button')}
        </Button>
      )}
      {portal.isError && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {t('error')}
        </p>
      )}
    </section>
  );
}
