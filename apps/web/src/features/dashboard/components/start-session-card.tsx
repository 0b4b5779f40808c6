import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import { useTranslation } from 'react-i18next';
import { NoTokensNotice } from '@/components/tokens/no-tokens-notice';
import { TokenCount } from '@/components/tokens/token-count';
import { Button, ButtonLink } from '@/components/ui/button';
import { TimerIcon } from '@/components/ui/icons';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import { useTokenBalance } from '@/lib/tokens/use-token-balance';

type StartSessionCardProps = { hasCurrentLanguage: boolean };

const HINT_ID = 'start-session-hint';

/**
 * The way into a session. Without a current language there is nobody to match with; without
 * tokens (or at the daily session limit) the card says when they come back and how to get more.
 * While the balance loads, or if it cannot, the button stays usable: the server decides anyway.
 */
export function StartSessionCard({ hasCurrentLanguage }: StartSessionCardProps) {
  const { t } = useTranslation(['dashboard', 'tokens']);
  const tokens = useTokenBalance();
  const minutes = SESSION_LENGTH_SECONDS / 60;
  const outOfTokens = tokens.status === 'ready' && !tokens.balance.canStartSession;
  const canStart = hasCurrentLanguage && !outOfTokens;

  return (
    <section
      aria-labelledby="start-session-title"
      className="relative overflow-hidden rounded-3xl bg-brand-700 p-6 text-white shadow-sm sm:p-7"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-16 size-48 rounded-full bg-brand-500/40"
      />
      <div
        aria-hidden="true"
        className="absolute -right-6 -bottom-20 size-40 rounded-full bg-brand-400/30"
      />
      <div className="relative">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold">
          <TimerIcon className="size-3.5" />
          {t('start.badge', { minutes })}
        </span>
        <h2 id="start-session-title" className="mt-4 text-xl font-bold">
          {t('start.title')}
        </h2>
        <p className="mt-1.5 text-base leading-7 text-pretty text-brand-50/90">{t('start.text')}</p>
        {tokens.status === 'loading' && (
          // The balance's line, held open so the button below does not move when it arrives.
          <span aria-hidden="true" className="mt-4 flex flex-wrap gap-x-3 gap-y-1">
            <span className="h-5 w-52 animate-pulse rounded bg-white/20" />
            <span className="h-5 w-32 animate-pulse rounded bg-white/20" />
          </span>
        )}
        {tokens.status === 'ready' && (
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium">
            <TokenCount balance={tokens.balance} />
            <span aria-hidden="true" className="hidden text-brand-50/60 sm:inline">
              ·
            </span>
            <span className="text-brand-50/90">
              {t('tokens:count.per_session', { count: tokens.balance.sessionCost })}
            </span>
            {!tokens.balance.unlimited && !outOfTokens && (
              <button
                type="button"
                onClick={() => openBonusTokens()}
                className="rounded text-brand-50 underline underline-offset-2 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {t('tokens:count.get_more')}
              </button>
            )}
          </p>
        )}
        {canStart ? (
          <ButtonLink
            to="/search"
            size="lg"
            variant="secondary"
            className="mt-6 w-full text-brand-800! ring-0 sm:w-auto"
          >
            {t('start.button')}
          </ButtonLink>
        ) : (
          <Button
            size="lg"
            variant="secondary"
            disabled
            aria-describedby={HINT_ID}
            className="mt-6 w-full ring-0 sm:w-auto"
          >
            {t('start.button')}
          </Button>
        )}
        {!hasCurrentLanguage && (
          <p id={HINT_ID} className="mt-2 text-sm text-brand-50/90">
            {t('start.needs_language')}
          </p>
        )}
        {hasCurrentLanguage && outOfTokens && (
          <NoTokensNotice
            id={HINT_ID}
            balance={tokens.balance}
            resetsAt={tokens.resetsAt}
            tone="brand"
            className="mt-4"
          />
        )}
      </div>
    </section>
  );
}
