import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { LoadingPage } from '@/components/notices/loading-page';
import { queryClient } from '@/lib/query-client';
import { connectApiAuth } from '@/features/auth/lib/access-token';
import { createAppRouter } from '@/app/router';

connectApiAuth();
const router = createAppRouter();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Translations load lazily; nothing is shown until the common texts have arrived. */}
      <Suspense fallback={<LoadingPage />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
