import { SESSION_LENGTH_SECONDS, SESSION_TOKEN_COST } from '@parlo/contract/constants';
import { useTranslation } from 'react-i18next';
import { NoTokensNotice } from '@/components/tokens/no-tokens-notice';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { openDeviceTest } from '@/lib/device-test-dialog-store';
import { useTokenBalance } from '@/lib/tokens/use-token-balance';
import { SearchStats } from '@/features/search/components/search-stats';
import { SearchCard } from '@/features/search/components/search-card';
import { SearchActivityMap } from '@/features/search/components/search-activity-map';

type StartViewProps = {
  languageCode: string;
  onFind: () => void;
  starting: boolean;
};

/** Stats, Find Session and the device test (spec §2 "Search", start view). */
export function StartView({ languageCode, onFind, starting }: StartViewProps) {
  const { t } = useTranslation('search');
  const tokens = useTokenBalance();
  const noTokens = tokens.status === 'ready' && !tokens.balance.canStartSession;
  return (
    <>
      <SearchCard title={t('start.title')}>
        <p className="mt-2 text-sm leading-6 text-stone-600">{t('start.text')}</p>
        <SearchStats languageCode={languageCode} />
        {!noTokens && (
          <div className="mt-6 flex flex-col items-stretch gap-2">
            <Button size="lg" onClick={onFind} disabled={starting}>
              <PlayIcon className="size-5" />
              {t('start.find', { minutes: SESSION_LENGTH_SECONDS / 60 })}
            </Button>
            <p className="text-center text-sm text-stone-500">
              {t('start.cost', { count: SESSION_TOKEN_COST })}
            </p>
          </div>
        )}
        <div className="mt-4 flex justify-center">
          <Button variant="ghost" size="sm" onClick={openDeviceTest}>
            {t('start.test_devices')}
          </Button>
        </div>
      </SearchCard>
      {tokens.status === 'ready' && noTokens && (
        <NoTokensNotice
          balance={tokens.balance}
          resetsAt={tokens.resetsAt}
          className="mt-4 max-w-xl"
        />
      )}
      <SearchActivityMap languageCode={languageCode} />
    </>
  );
}
