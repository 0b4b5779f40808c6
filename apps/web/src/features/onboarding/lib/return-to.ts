import { DEFAULT_RETURN_TO, safeReturnTo } from '@/lib/return-to';

/** Where onboarding ends: the returnTo parameter when it is safe to follow, else the dashboard. */
export function onboardingReturnTo(value: string | null | undefined): string {
  return safeReturnTo(value) ?? DEFAULT_RETURN_TO;
}
