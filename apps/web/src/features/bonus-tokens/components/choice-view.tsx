import { useTranslation } from 'react-i18next';
import { REFERRAL_BONUS_TOKENS } from '@parlo/contract/token-math';
import {
  VIDEO_AD_BONUS_TOKENS,
  VIDEO_AD_REWARDS_PER_DAY,
  VIDEO_AD_SECONDS,
} from '@parlo/contract/constants';
import { GiftIcon, PlayIcon, TicketIcon } from '@/components/ui/icons';
import { useTokenBalance } from '@/lib/tokens/use-token-balance';
import { ViewHeader } from '@/features/bonus-tokens/components/view-header';

type ChoiceViewProps = {
  onChoose: (mode: 'ad' | 'referral') => void;
};

const optionClasses =
  'group flex w-full items-start gap-4 rounded-2xl p-4 text-left ring-1 ring-stone-200 transition-colors ' +
  'hover:bg-brand-50 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-stone-50 disabled:hover:ring-stone-200';

/** First view: a referral link or a rewarded video, with today's videos left (spec §2). */
export function ChoiceView({ onChoose }: ChoiceViewProps) {
  const { t } = useTranslation('tokens');
  const tokens = useTokenBalance();
  const adsLeft = tokens.status === 'ready' ? tokens.balance.adRewardsLeft : null;
  const adsPerDay =
    (tokens.status === 'ready' &&
      tokens.subscription?.plan.features.find((f) => f.featureCode === 'video_ad_rewards')
        ?.value) ||
    VIDEO_AD_REWARDS_PER_DAY;
  const atCap = adsLeft === 0;

  return (
    <div>
      <ViewHeader title={t('bonus.title')} icon={<TicketIcon className="size-5" />} />
      <p className="mt-2 text-sm leading-6 text-stone-600">{t('bonus.description')}</p>
      <ul className="mt-5 grid gap-3">
        <li>
          <button
            type="button"
            className={optionClasses}
            aria-describedby="bonus-referral-text"
            onClick={() => onChoose('referral')}
          >
            <GiftIcon className="mt-0.5 size-6 shrink-0 text-brand-700" />
            <span className="min-w-0">
              <span className="block font-semibold text-ink">
                {t('bonus.choice.referral_title')}
              </span>
              <span
                id="bonus-referral-text"
                className="mt-1 block text-sm leading-6 text-stone-600"
              >
                {t('bonus.choice.referral_text', { count: REFERRAL_BONUS_TOKENS })}
              </span>
            </span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className={optionClasses}
            disabled={atCap}
            aria-describedby="bonus-ad-text bonus-ad-left"
            onClick={() => onChoose('ad')}
          >
            <PlayIcon
              className={`mt-0.5 size-6 shrink-0 ${atCap ? 'text-stone-400' : 'text-brand-700'}`}
            />
            <span className="min-w-0">
              <span className={`block font-semibold ${atCap ? 'text-stone-500' : 'text-ink'}`}>
                {t('bonus.choice.ad_title')}
              </span>
              <span id="bonus-ad-text" className="mt-1 block text-sm leading-6 text-stone-600">
                {t('bonus.choice.ad_text', {
                  seconds: VIDEO_AD_SECONDS,
                  count: VIDEO_AD_BONUS_TOKENS,
                })}
              </span>
              {adsLeft !== null && (
                <span
                  id="bonus-ad-left"
                  className={`mt-2 block text-xs font-semibold ${atCap ? 'text-red-700' : 'text-brand-700'}`}
                >
                  {atCap
                    ? t('bonus.choice.ad_limit')
                    : t('bonus.choice.ads_left', { left: adsLeft, total: adsPerDay })}
                </span>
              )}
            </span>
          </button>
        </li>
      </ul>
    </div>
  );
}
