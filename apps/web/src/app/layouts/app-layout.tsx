import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/notices/loading-page';
import { Deferred, lazyComponent } from '@/lib/lazy-component';
import { useBonusTokensDialog } from '@/lib/tokens/bonus-tokens-dialog-store';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';
import { AccessGate } from '@/app/access-gate';
import { Footer } from '@/app/layouts/footer';
import { Header } from '@/app/layouts/header';
import { useSessionUser } from '@/app/use-session-user';

export const MAIN_CONTENT_ID = 'main-content';

// Loaded the first time someone asks for bonus tokens, never with the landing page.
const bonusTokensDialog = lazyComponent(() =>
  import('@/features/bonus-tokens/components/bonus-tokens-dialog').then((m) => m.BonusTokensDialog),
);

type AppLayoutProps = {
  /** Changing it remounts the page, which reloads what it shows (after the rate-limit notice). */
  viewKey: number;
};

/** Header, the page the route allows, footer and the cookie banner. */
export function AppLayout({ viewKey }: AppLayoutProps) {
  const { t } = useTranslation();
  const session = useSessionUser();
  const bonusTokens = useBonusTokensDialog();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="fixed top-3 left-3 z-50 -translate-y-20 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-lg transition-transform focus:translate-y-0 motion-reduce:transition-none"
      >
        {t('layout.skip_to_content')}
      </a>
      <Header session={session} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<PageSpinner />}>
          <AccessGate key={viewKey} session={session} />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
      <Deferred
        component={bonusTokensDialog}
        when={bonusTokens.open && session.status === 'signed_in'}
        props={{
          open: bonusTokens.open && session.status === 'signed_in',
          mode: bonusTokens.mode,
          onClose: bonusTokens.close,
        }}
      />
    </div>
  );
}
