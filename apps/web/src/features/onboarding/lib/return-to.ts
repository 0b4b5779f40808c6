export const DEFAULT_RETURN_TO = '/dashboard';

function isOnboardingOrAuth(pathname: string) {
  return ['/onboarding', '/auth'].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * Where onboarding ends: the returnTo parameter when it is a path of this app (never another
 * origin, the home page, sign-in or onboarding itself), else the dashboard.
 */
export function onboardingReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return DEFAULT_RETURN_TO;
  // eslint-disable-next-line no-control-regex
  if (/[\\\x00-\x1f\x7f]/.test(value)) return DEFAULT_RETURN_TO;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/' || isOnboardingOrAuth(pathname)) return DEFAULT_RETURN_TO;
  return value;
}
