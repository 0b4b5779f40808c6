import { isRestricted, type UserStatus } from '@parlo/contract/account-status';
import { DASHBOARD_PATH } from '@parlo/contract/public-pages';
import { RETURN_TO_PARAM, safeReturnTo } from '@/lib/return-to';

/**
 * Who may see which route (spec §2 and §6), as one pure decision the route gate applies.
 *
 * - public: everyone.
 * - landing: visitors; a signed-in user goes on to returnTo or /dashboard.
 * - guest: visitors only (sign-in; the callback page applies it itself); same onward redirect.
 * - onboarding: signed in, profile not required; a finished user leaves to returnTo.
 * - member: signed in with a profile and a current language.
 * - account: signed in, nothing else required (/settings/general, open even to blocked users).
 */
export type AccessKind = 'public' | 'landing' | 'guest' | 'onboarding' | 'member' | 'account';

export type AccessUser = {
  status: UserStatus;
  profile?: {
    languageCode?: string | null;
    languages: readonly { languageCode: string }[];
  } | null;
};

export type AccessAuth = { status: 'anonymous' } | { status: 'signed_in'; user: AccessUser };

export type AccessLocation = { pathname: string; search: string };

export type AccessDecision = 'allow' | 'blocked_page' | { redirect: string };

export const HOME_PATH = '/';
export const SIGN_IN_PATH = '/auth/signin';
export const ONBOARDING_PATH = '/onboarding';
// The server sends this page with its app shell, so the path is the contract's.
export { DASHBOARD_PATH };
export const PRACTICE_PATH = '/practice';
export const SESSION_ENDED_PATH = '/session-ended';

export function isBlocked(user: AccessUser) {
  return isRestricted(user.status);
}

export function hasFinishedOnboarding(user: AccessUser) {
  const profile = user.profile;
  return Boolean(profile && profile.languages.length > 0 && profile.languageCode);
}

function returnToFrom(location: AccessLocation) {
  return safeReturnTo(new URLSearchParams(location.search).get(RETURN_TO_PARAM));
}

function withReturnTo(path: string, location: AccessLocation) {
  const params = new URLSearchParams({ [RETURN_TO_PARAM]: location.pathname + location.search });
  return `${path}?${params.toString()}`;
}

export function decideAccess(
  kind: AccessKind,
  auth: AccessAuth,
  location: AccessLocation,
): AccessDecision {
  if (kind === 'public') return 'allow';

  if (auth.status === 'anonymous') {
    if (kind === 'landing' || kind === 'guest') return 'allow';
    return { redirect: withReturnTo(SIGN_IN_PATH, location) };
  }

  const { user } = auth;
  if (kind === 'landing' || kind === 'guest') {
    return { redirect: returnToFrom(location) ?? DASHBOARD_PATH };
  }
  if (kind === 'account') return 'allow';
  if (isBlocked(user)) return 'blocked_page';

  const finished = hasFinishedOnboarding(user);
  if (kind === 'onboarding') {
    return finished ? { redirect: returnToFrom(location) ?? DASHBOARD_PATH } : 'allow';
  }
  return finished ? 'allow' : { redirect: withReturnTo(ONBOARDING_PATH, location) };
}
