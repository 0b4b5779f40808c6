import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { LoadingPage } from '@/components/notices/loading-page';
import { queryClient } from '@/lib/query-client';

/** What surrounds the router, in the browser and in the build's prerender alike. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Translations load lazily; nothing is shown until the common texts have arrived. */}
      <Suspense fallback={<LoadingPage />}>{children}</Suspense>
    </QueryClientProvider>
  );
}
