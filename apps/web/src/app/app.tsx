import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { LoadingPage } from '@/components/notices/loading-page';
import { queryClient } from '@/lib/query-client';
import { connectApiAuth } from '@/features/auth/lib/access-token';
import { captureReferralCode } from '@/features/auth/lib/referral-code';
import { createAppRouter } from '@/app/router';

connectApiAuth();
// Before the router reads the address, so no page ever sees the referral parameter.
captureReferralCode();
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
