import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';
import { FullScreenNotice } from '@/components/notices/full-screen-notice';
import { buttonClasses } from '@/components/ui/button';
import { WifiOffIcon } from '@/components/ui/icons';
import { i18n } from '@/lib/i18n';

function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <FullScreenNotice
      icon={<WifiOffIcon className="size-8" />}
      title={t('offline.title')}
      description={<p>{t('offline.description')}</p>}
      actions={
        // A link to the page itself: it retries even where the script did not run.
        <a href="" className={buttonClasses('primary', 'lg')}>
          {t('offline.retry')}
        </a>
      }
    />
  );
}

/**
 * What the service worker shows for a page it cannot fetch: the notice in all five languages,
 * each in its own section; the page's script shows the reader's (English without it).
 */
export function renderOfflinePage(): string {
  return INTERFACE_LANGUAGES.map((language) => {
    const instance = i18n.cloneInstance({ lng: language });
    return `<main lang="${language}"${language === 'en' ? '' : ' hidden'}>${renderToStaticMarkup(
      <I18nextProvider i18n={instance}>
        <OfflineNotice />
      </I18nextProvider>,
    )}</main>`;
  }).join('');
}
