import { lazyPage } from '@/lib/lazy-component';
import { DASHBOARD_NAMESPACES } from '@/app/dashboard-namespaces';

// Every page is its own chunk; a visitor of the landing page downloads none of the app.
export const LandingPage = lazyPage(() =>
  import('@/features/landing/components/landing-page').then((m) => m.LandingPage),
);
export const AboutPage = lazyPage(() =>
  import('@/features/about/components/about-page').then((m) => m.AboutPage),
);
export const FaqPage = lazyPage(() =>
  import('@/features/faq/components/faq-page').then((m) => m.FaqPage),
);
export const TermsPage = lazyPage(() =>
  import('@/features/legal/components/terms-page').then((m) => m.TermsPage),
);
export const PrivacyPage = lazyPage(() =>
  import('@/features/legal/components/privacy-page').then((m) => m.PrivacyPage),
);
export const CookiesPage = lazyPage(() =>
  import('@/features/legal/components/cookies-page').then((m) => m.CookiesPage),
);
export const SignInPage = lazyPage(() =>
  import('@/features/auth/components/sign-in-page').then((m) => m.SignInPage),
);
export const AuthCallbackPage = lazyPage(() =>
  import('@/features/auth/components/auth-callback-page').then((m) => m.AuthCallbackPage),
);
export const OnboardingPage = lazyPage(() =>
  import('@/features/onboarding/components/onboarding-page').then((m) => m.OnboardingPage),
);
export const DashboardPage = lazyPage(
  () => import('@/features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
  DASHBOARD_NAMESPACES,
);
export const SearchPage = lazyPage(() =>
  import('@/features/search/components/search-page').then((m) => m.SearchPage),
);
export const PracticePage = lazyPage(() =>
  import('@/features/practice/components/practice-page').then((m) => m.PracticePage),
);
export const SessionEndedPage = lazyPage(() =>
  import('@/features/session-ended/components/session-ended-page').then((m) => m.SessionEndedPage),
);
export const PocketPage = lazyPage(() =>
  import('@/features/pocket/components/pocket-page').then((m) => m.PocketPage),
);
export const PremiumPage = lazyPage(() =>
  import('@/features/premium/components/premium-page').then((m) => m.PremiumPage),
);
export const SettingsGeneralPage = lazyPage(() =>
  import('@/features/settings/components/settings-general-page').then((m) => m.SettingsGeneralPage),
);
export const SettingsProfilePage = lazyPage(() =>
  import('@/features/settings/components/settings-profile-page').then((m) => m.SettingsProfilePage),
);
export const SettingsLanguagesPage = lazyPage(() =>
  import('@/features/settings/components/settings-languages-page').then(
    (m) => m.SettingsLanguagesPage,
  ),
);
export const AccountDeletedPage = lazyPage(() =>
  import('@/features/settings/components/account-deleted-page').then((m) => m.AccountDeletedPage),
);
export const ModerationConsole = lazyPage(() =>
  import('@/features/moderation/components/moderation-console').then((m) => m.ModerationConsole),
);
export const BlockedPage = lazyPage(() =>
  import('@/features/blocked/components/blocked-page').then((m) => m.BlockedPage),
);
