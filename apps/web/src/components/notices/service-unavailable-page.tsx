import { useTranslation } from 'react-i18next';
import { FullScreenNotice } from '@/components/notices/full-screen-notice';
import { Button } from '@/components/ui/button';
import { WifiOffIcon } from '@/components/ui/icons';

type ServiceUnavailablePageProps = {
  onRetry: () => void;
  retrying?: boolean;
};

export function ServiceUnavailablePage({ onRetry, retrying = false }: ServiceUnavailablePageProps) {
  const { t } = useTranslation();
  return (
    <main>
      <FullScreenNotice
        icon={<WifiOffIcon className="size-8" />}
        title={t('notices.service_unavailable.title')}
        description={<p>{t('notices.service_unavailable.description')}</p>}
        actions={
          <Button size="lg" onClick={onRetry} disabled={retrying}>
            {retrying
              ? t('notices.service_unavailable.retrying')
              : t('notices.service_unavailable.retry')}
          </Button>
        }
      />
    </main>
  );
}
