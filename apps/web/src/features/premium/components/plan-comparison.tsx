import { useTranslation } from 'react-i18next';
import { UNLIMITED, type FeatureCode, type PlanCode } from '@parlo/contract/constants';
import type { Plan } from '@parlo/contract/tokens';
import { CheckIcon } from '@/components/ui/icons';

/** The rows of the comparison, in the order a learner cares about them. */
const ROWS: readonly FeatureCode[] = ['tokens', 'session_limit', 'ads', 'video_ad_rewards'];

const PLAN_ORDER: Record<PlanCode, number> = { free: 0, premium: 1 };

type PlanComparisonProps = { plans: readonly Plan[]; currentCode: PlanCode | null };

/** Free and Premium side by side, feature by feature (spec §1, §3; -1 reads Unlimited). */
export function PlanComparison({ plans, currentCode }: PlanComparisonProps) {
  const { t } = useTranslation('tokens', { keyPrefix: 'premium_page' });
  const sorted = [...plans].sort((a, b) => PLAN_ORDER[a.code] - PLAN_ORDER[b.code]);

  function cell(plan: Plan, code: FeatureCode) {
    const value = plan.features.find((feature) => feature.featureCode === code)?.value;
    if (value === undefined) return t('value.none');
    if (code === 'ads') return value === 0 ? t('value.no_ads') : t('value.with_ads');
    if (value === UNLIMITED) return t('value.unlimited');
    return String(value);
  }

  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">{t('compare.title')}</caption>
        <thead>
          <tr className="border-b border-stone-200">
            <th scope="col" className="px-4 py-3 font-semibold text-stone-500 sm:px-6">
              {t('compare.feature')}
            </th>
            {sorted.map((plan) => (
              <th
                key={plan.code}
                scope="col"
                className={`px-4 py-3 align-bottom sm:px-6 ${plan.code === 'premium' ? 'bg-amber-50' : ''}`}
              >
                <span className="block text-base font-bold text-ink">
                  {t(`plans.${plan.code}`)}
                </span>
                {plan.code === currentCode && (
                  <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800">
                    <CheckIcon className="size-3.5" />
                    {t('compare.current')}
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((code) => (
            <tr key={code} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="px-4 py-3 font-medium text-stone-700 sm:px-6">
                {t(`features.${code}`)}
              </th>
              {sorted.map((plan) => (
                <td
                  key={plan.code}
                  className={`px-4 py-3 font-semibold text-ink sm:px-6 ${plan.code === 'premium' ? 'bg-amber-50' : ''}`}
                >
                  {cell(plan, code)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
