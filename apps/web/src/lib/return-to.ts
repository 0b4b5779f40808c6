/** The query parameter that says where a flow (sign-in, onboarding) ends. */
export const RETURN_TO_PARAM = 'returnTo';
/** Where a flow ends when no acceptable returnTo is given. */
export const DEFAULT_RETURN_TO = '/dashboard';

const startsWithSegment = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * A returnTo is followed only when it is a path of this app a signed-in user can land on: never
 * another origin (`//host`, `/\host`, a scheme, or control characters a browser would strip into
 * one), and never the pages that would only send the user round again (home, sign-in, onboarding).
 * The route gate, sign-in and onboarding all read returnTo through this one rule.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\x00-\x1f\x7f]/.test(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/') return null;
  if (startsWithSegment(pathname, '/auth') || startsWithSegment(pathname, '/onboarding')) {
    return null;
  }
  return value;
}
