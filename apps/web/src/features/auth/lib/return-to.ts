/**
 * A returnTo is kept only when it is a path inside this app: never another origin (`//host`,
 * `/\host`, a scheme, or control characters a browser would strip into one) and never the sign-in
 * pages, which would only send the user round again. The route gate reads returnTo the same way.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\x00-\x1f\x7f]/.test(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/' || pathname === '/auth' || pathname.startsWith('/auth/')) return null;
  return value;
}
