import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { LoadingPage } from '@/components/notices/loading-page';

/**
 * The SPA's loading screen as HTML for index.html, so a signed-in page paints its first frame
 * from the document instead of after the framework has run. It is the same in every language:
 * rendered with translations that have not loaded, it carries no text (the app adds the
 * announcement once its texts are there).
 */
export function renderLoadingPage(): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createInstance()}>
      <LoadingPage />
    </I18nextProvider>,
  );
}
