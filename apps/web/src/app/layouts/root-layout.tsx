import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration } from 'react-router';
import { LoadingPage } from '@/components/notices/loading-page';
import { RateLimitNotice } from '@/components/notices/rate-limit-notice';
import { ServiceUnavailablePage } from '@/components/notices/service-unavailable-page';
import { queryClient } from '@/lib/query-client';
import { useRateLimitNotice } from '@/lib/rate-limit-notice';
import { AppLayout } from '@/app/layouts/app-layout';
import { isPublicAccess, useRouteAccessKind } from '@/app/route-access';
import { useStartupStore } from '@/app/startup/startup-store';

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

  let content = <AppLayout viewKey={viewKey} />;
  if (status === 'loading') content = <LoadingPage />;
  else if (status === 'unavailable' && !isPublicAccess(kind)) {
    content = <ServiceUnavailablePage onRetry={() => void start()} retrying={retrying} />;
  }

  return (
    <>
      <ScrollRestoration />
      {content}
      <RateLimitNotice
        open={rateLimit.open}
        onDismiss={rateLimit.dismiss}
        onRetry={retryAfterRateLimit}
      />
    </>
  );
}
