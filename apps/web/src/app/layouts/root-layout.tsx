import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration } from 'react-router';
import { LoadingPage } from '@/components/notices/loading-page';
import { ServiceUnavailablePage } from '@/components/notices/service-unavailable-page';
import { Deferred, lazyComponent } from '@/lib/lazy-component';
import { queryClient } from '@/lib/query-client';
import { useRateLimitNotice } from '@/lib/rate-limit-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { AppLayout } from '@/app/layouts/app-layout';
import { isPublicAccess, useRouteAccessKind } from '@/app/route-access';
import { useStartupStore } from '@/app/startup/startup-store';

// Radix Dialog and its focus and scroll code stay off the first load.
const rateLimitNotice = lazyComponent(() =>
  import('@/components/notices/rate-limit-notice').then((m) => m.RateLimitNotice),
);

function useDocumentLanguage() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    if (language) document.documentElement.lang = language;
  }, [language]);
}

/** Start-up states and app-wide notices around the layout (spec §2: loading, unavailable, 429). */
export function RootLayout() {
  const { status, retrying, start } = useStartupStore();
  const kind = useRouteAccessKind();
  const rateLimit = useRateLimitNotice();
  const signedIn = useAuthStore((state) => state.status === 'signed_in');
  const hasStoredSession = useAuthStore((state) => state.accessToken !== null);
  const [viewKey, setViewKey] = useState(0);
  useDocumentLanguage();

  useEffect(() => {
    void start();
  }, [start]);

  function retryAfterRateLimit() {
    rateLimit.dismiss();
    void queryClient.refetchQueries({ type: 'active' });
    setViewKey((key) => key + 1);
  }

  // A visitor's public page, or the sign-in page, needs nothing start-up finds out to be drawn, so
  // it shows at once: no loading page in front of it, and prerendered HTML hydrates. (Sign-in
  // still gives way to the unavailable page below if the API cannot be reached.)
  const visitorPage = isPublicAccess(kind) || kind === 'guest';
  const visitorOnVisitorPage = visitorPage && !hasStoredSession;
  let content = <AppLayout viewKey={viewKey} />;
  if (status === 'loading' && !visitorOnVisitorPage) content = <LoadingPage />;
  else if (status === 'unavailable' && !isPublicAccess(kind)) {
    content = <ServiceUnavailablePage onRetry={() => void start()} retrying={retrying} />;
  }

  return (
    <>
      <ScrollRestoration />
      {content}
      {/* The server's per-IP limit covers its static files too, so once a 429 has arrived the
          notice's code may be refused as well. Signed-in users, whose API calls are the ones that
          reach the limit, get it in advance; a visitor loads it when a 429 arrives. */}
      <Deferred
        component={rateLimitNotice}
        when={rateLimit.open || signedIn}
        props={{ open: rateLimit.open, onDismiss: rateLimit.dismiss, onRetry: retryAfterRateLimit }}
      />
    </>
  );
}
