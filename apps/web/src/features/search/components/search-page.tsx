import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/layout/page-container';
import { NoTokensNotice } from '@/components/tokens/no-tokens-notice';
import { useTokenBalance } from '@/lib/tokens/use-token-balance';

export function SearchPage() {
  const { t } = useTranslation(['common', 'tokens']);
  const tokens = useTokenBalance();
  return (
    <PageContainer title={t('pages.search.title')}>
      {tokens.status === 'ready' && !tokens.balance.canStartSession && (
        <NoTokensNotice
          balance={tokens.balance}
          resetsAt={tokens.resetsAt}
          className="mt-8 max-w-xl"
        />
      )}
    </PageContainer>
  );
}
