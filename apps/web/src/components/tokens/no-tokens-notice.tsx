import { useTranslation } from 'react-i18next';
import type { TokenBalance } from '@parlo/contract/tokens';
import { Button, ButtonLink } from '@/components/ui/button';
import { HourglassIcon } from '@/components/ui/icons';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import { useResetCountdown } from '@/lib/tokens/use-reset-countdown';

type Tone = 'brand' | 'plain';

type NoTokensNoticeProps = {
  balance: TokenBalance;
  resetsAt: Date;
  /** `brand` sits on the dashboard's coloured start card, `plain` on a white page. */
  tone?: Tone;
  id?: string;
  className?: string;
};

const boxClasses: Record<Tone, string> = {
  brand: 'bg-white/12 text-white ring-1 ring-white/25',
  plain: 'bg-white text-ink shadow-sm ring-1 ring-stone-200',
};

const mutedClasses: Record<Tone, string> = {
  brand: 'text-brand-50/90',
  plain: 'text-stone-600',
};

/**
 * Daily tokens "none left" (spec §4): why a session cannot start, when the allowance comes back,
 * and the two ways on: bonus tokens or Premium. Out of tokens, bonus tokens help; at the daily
 * session limit only the reset or Premium does.
 */
export function NoTokensNotice({
  balance,
  resetsAt,
  tone = 'plain',
  id,
  className = '',
}: NoTokensNoticeProps) {
  const { t } = useTranslation('tokens');
  const { hours, minutes } = useResetCountdown(resetsAt);
  const outOfTokens = balance.available < balance.sessionCost;
  return (
    <div id={id} className={`rounded-2xl p-5 ${boxClasses[tone]} ${className}`.trim()}>
      <div className="flex items-start gap-3">
        <HourglassIcon className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="text-base leading-6 font-semibold">
            {outOfTokens ? t('no_tokens.message') : t('no_tokens.session_limit')}
          </p>
          <p className={`mt-1 text-sm ${mutedClasses[tone]}`}>
            {t('no_tokens.resets_in', { hours, minutes })}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {outOfTokens && (
          <Button
            variant={tone === 'brand' ? 'secondary' : 'primary'}
            onClick={() => openBonusTokens()}
            className={tone === 'brand' ? 'text-brand-800! ring-0' : ''}
          >
            {t('no_tokens.get_more')}
          </Button>
        )}
        <ButtonLink
          to="/premium"
          variant={tone === 'brand' ? 'ghost' : 'secondary'}
          className={tone === 'brand' ? 'text-white! ring-1 ring-white/40 hover:bg-white/10' : ''}
        >
          {t('no_tokens.go_premium')}
        </ButtonLink>
      </div>
    </div>
  );
}
