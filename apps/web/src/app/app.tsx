import { RouterProvider } from 'react-router';
import { connectApiAuth } from '@/features/auth/lib/access-token';
import { captureReferralCode } from '@/features/auth/lib/referral-code';
import { AppProviders } from '@/app/app-providers';
import { createAppRouter } from '@/app/router';

connectApiAuth();
// Before the router reads the address, so no page ever sees the referral parameter.
captureReferralCode();
const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
