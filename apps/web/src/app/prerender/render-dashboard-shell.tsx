import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { DASHBOARD_PATH } from '@parlo/contract/public-pages';
import type { InterfaceLanguage } from '@parlo/contract/constants';
import { i18n } from '@/lib/i18n';
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-skeleton';
import { AppProviders } from '@/app/app-providers';
import { LayoutFrame } from '@/app/layouts/app-layout';

/**
 * The dashboard's app shell in one language: the layout with the dashboard as it looks before
 * the member's data has arrived (no name, no balance, no languages: it is the same for every
 * member). The server sends it as the dashboard's HTML, so the page's first screen paints from the
 * document; the app then renders the page over it, as it renders over the loading screen.
 */
export async function renderDashboardShell(language: InterfaceLanguage): Promise<string> {
  await i18n.changeLanguage(language);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={DASHBOARD_PATH}>
          {/* The header as the app shows it while the session is being restored. */}
          <LayoutFrame session={{ status: 'pending' }}>
            <DashboardSkeleton />
          </LayoutFrame>
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  if (html.includes('<script') || html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error(`The dashboard's shell (${language}) suspends or carries a script`);
  }
  return html;
}
