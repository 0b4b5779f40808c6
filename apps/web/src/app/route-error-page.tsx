import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { FullScreenNotice } from '@/components/notices/full-screen-notice';
import { Button, buttonClasses } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { env } from '@/config/env';

type RouteErrorPageProps = {
  /** True when the shell itself failed, so no header or footer surrounds the message. */
  fullScreen?: boolean;
};

/**
 * What a page shows when it crashes or its code fails to download (often after a new release):
 * a reload fixes both, and the home link is a way out when it does not.
 */
export function RouteErrorPage({ fullScreen = false }: RouteErrorPageProps) {
  const { t } = useTranslation();
  const error = useRouteError();
  if (env.isDevelopment) console.error(error);

  const actions = (
    <>
      <Button size="lg" onClick={() => window.location.reload()}>
        {t('notices.route_error.reload')}
      </Button>
      {/* A plain link, so the next page starts from a fresh document. */}
      <a href="/" className={buttonClasses('secondary', 'lg')}>
        {t('notices.route_error.home')}
      </a>
    </>
  );
  const notice = (
    <FullScreenNotice
      icon={<AlertIcon className="size-8" />}
      title={t('notices.route_error.title')}
      description={<p>{t('notices.route_error.description')}</p>}
      actions={actions}
      variant={fullScreen ? 'screen' : 'inline'}
    />
  );
  return fullScreen ? <main>{notice}</main> : notice;
}
