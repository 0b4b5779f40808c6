import type { User } from '@parlo/contract/users';

export type OnboardingStep = 'profile' | 'language' | 'done';

export const ONBOARDING_STEPS = ['profile', 'language'] as const;

/** Where a user stands: no profile yet, a profile without a current language, or finished. */
export function onboardingStep(user: Pick<User, 'profile'>): OnboardingStep {
  const profile = user.profile;
  if (!profile) return 'profile';
  if (profile.languages.length === 0 || !profile.languageCode) return 'language';
  return 'done';
}
