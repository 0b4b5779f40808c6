import { RouterProvider } from 'react-router';
import { connectApiAuth } from '@/features/auth/lib/access-token';
import { captureReferralCode } from '@/features/auth/lib/referral-code';
import { AppProviders } from '@/app/app-providers';
import { createAppRouter } from '@/app/router';

connectApiAuth();
// Before the router reads the address, so no page ever sees the referral parameter.
captureReferralCode();
/**
 * Made on the first render, not when this module loads: building it (ranking every route) took
 * 20 ms of a phone-speed CPU in the start-up's first task, before any request had left.
 */
let router: ReturnType<typeof createAppRouter> | undefined;

export function App() {
  router ??= createAppRouter();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
