import { lazy } from 'react';

// Every page is its own chunk; a visitor of the landing page downloads none of the app.
export const LandingPage = lazy(() =>
  import('@/features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })),
);
export const AboutPage = lazy(() =>
  import('@/features/about/components/about-page').then((m) => ({ default: m.AboutPage })),
);
export const FaqPage = lazy(() =>
  import('@/features/faq/components/faq-page').then((m) => ({ default: m.FaqPage })),
);
export const TermsPage = lazy(() =>
  import('@/features/legal/components/terms-page').then((m) => ({ default: m.TermsPage })),
);
export const PrivacyPage = lazy(() =>
  import('@/features/legal/components/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
export const CookiesPage = lazy(() =>
  import('@/features/legal/components/cookies-page').then((m) => ({ default: m.CookiesPage })),
);
export const SignInPage = lazy(() =>
  import('@/features/auth/components/sign-in-page').then((m) => ({ default: m.SignInPage })),
);
export const AuthCallbackPage = lazy(() =>
  import('@/features/auth/components/auth-callback-page').then((m) => ({
    default: m.AuthCallbackPage,
  })),
);
export const OnboardingPage = lazy(() =>
  import('@/features/onboarding/components/onboarding-page').then((m) => ({
    default: m.OnboardingPage,
  })),
);
export const DashboardPage = lazy(() =>
  import('@/features/dashboard/components/dashboard-page').then((m) => ({
    default: m.DashboardPage,
  })),
);
export const SearchPage = lazy(() =>
  import('@/features/search/components/search-page').then((m) => ({ default: m.SearchPage })),
);
export const PracticePage = lazy(() =>
  import('@/features/practice/components/practice-page').then((m) => ({ default: m.PracticePage })),
);
export const SessionEndedPage = lazy(() =>
  import('@/features/session-ended/components/session-ended-page').then((m) => ({
    default: m.SessionEndedPage,
  })),
);
export const PremiumPage = lazy(() =>
  import('@/features/premium/components/premium-page').then((m) => ({ default: m.PremiumPage })),
);
export const SettingsGeneralPage = lazy(() =>
  import('@/features/settings/components/settings-general-page').then((m) => ({
    default: m.SettingsGeneralPage,
  })),
);
export const SettingsProfilePage = lazy(() =>
  import('@/features/settings/components/settings-profile-page').then((m) => ({
    default: m.SettingsProfilePage,
  })),
);
export const SettingsLanguagesPage = lazy(() =>
  import('@/features/settings/components/settings-languages-page').then((m) => ({
    default: m.SettingsLanguagesPage,
  })),
);
export const AccountDeletedPage = lazy(() =>
  import('@/features/settings/components/account-deleted-page').then((m) => ({
    default: m.AccountDeletedPage,
  })),
);
export const ModerationConsole = lazy(() =>
  import('@/features/moderation/components/moderation-console').then((m) => ({
    default: m.ModerationConsole,
  })),
);
export const BlockedPage = lazy(() =>
  import('@/features/blocked/components/blocked-page').then((m) => ({ default: m.BlockedPage })),
);
