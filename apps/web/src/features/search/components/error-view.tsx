import { useTranslation } from 'react-i18next';
import { NoTokensNotice } from '@/components/tokens/no-tokens-notice';
import { Button } from '@/components/ui/button';
import { AlertIcon, WifiOffIcon } from '@/components/ui/icons';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import { useTokenBalance } from '@/lib/tokens/use-token-balance';
import { SearchCard } from '@/features/search/components/search-card';
import type { SearchErrorType } from '@/features/search/lib/search-state';

type ErrorViewProps = {
  errorType: SearchErrorType;
  onTryAgain: () => void;
  onBack: () => void;
};

/** A find that could not start (spec §8 "Search"). */
export function ErrorView({ errorType, onTryAgain, onBack }: ErrorViewProps) {
  const { t } = useTranslation('search');
  if (errorType === 'sessions_limit_reached') return <NoTokensView onBack={onBack} />;

  const back = (
    <Button variant="secondary" onClick={onBack}>
      {t('errors.back')}
    </Button>
  );
  if (errorType === 'already_in_call' || errorType === 'under_review') {
    return (
      <SearchCard
        icon={<AlertIcon className="size-6" />}
        title={t(`errors.${errorType}.title`)}
        actions={back}
      >
        <p className="mt-2 text-sm leading-6 text-stone-600">{t(`errors.${errorType}.text`)}</p>
      </SearchCard>
    );
  }
  const key = errorType === 'not_connected' ? 'not_connected' : 'generic';
  return (
    <SearchCard
      icon={
        key === 'not_connected' ? (
          <WifiOffIcon className="size-6" />
        ) : (
          <AlertIcon className="size-6" />
        )
      }
      title={t(`errors.${key}.title`)}
      actions={
        <>
          <Button onClick={onTryAgain}>{t('errors.try_again')}</Button>
          {back}
        </>
      }
    >
      <p className="mt-2 text-sm leading-6 text-stone-600">{t(`errors.${key}.text`)}</p>
    </SearchCard>
  );
}

/** 1002 / 429: the no-tokens notice with its bonus-token button. */
function NoTokensView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('search');
  const tokens = useTokenBalance();
  // A balance read before the server refused still says tokens are left; the server is right.
  if (tokens.status === 'ready' && !tokens.balance.canStartSession) {
    return (
      <div className="mt-8 max-w-xl">
        <NoTokensNotice balance={tokens.balance} resetsAt={tokens.resetsAt} />
        <Button variant="ghost" className="mt-3" onClick={onBack}>
          {t('errors.back')}
        </Button>
      </div>
    );
  }
  return (
    <SearchCard
      title={t('errors.no_tokens.title')}
      actions={
        <>
          <Button onClick={() => openBonusTokens()}>{t('errors.no_tokens.get_bonus')}</Button>
          <Button variant="secondary" onClick={onBack}>
            {t('errors.back')}
          </Button>
        </>
      }
    />
  );
}
