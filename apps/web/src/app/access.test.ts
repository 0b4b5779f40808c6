import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessAuth, type AccessKind, type AccessUser } from '@/app/access';

const at = (pathname: string, search = '') => ({ pathname, search });
const anonymous: AccessAuth = { status: 'anonymous' };
const signedIn = (user: AccessUser): AccessAuth => ({ status: 'signed_in', user });

const english = { languageCode: 'en', languages: [{ languageCode: 'en' }] };
const ready = signedIn({ status: 'active', profile: english });
const noProfile = signedIn({ status: 'active', profile: null });
const noLanguages = signedIn({ status: 'active', profile: { languageCode: null, languages: [] } });
const noCurrent = signedIn({
  status: 'active',
  profile: { languageCode: null, languages: [{ languageCode: 'en' }] },
});
const blocked = signedIn({ status: 'blocked', profile: english });
const temporarilyBlocked = signedIn({ status: 'temporarily_blocked', profile: english });
const blockedWithoutProfile = signedIn({ status: 'blocked' });

const allKinds: AccessKind[] = ['public', 'landing', 'guest', 'onboarding', 'member', 'account'];

describe('decideAccess for public pages', () => {
  it.each([anonymous, ready, noProfile, blocked])('lets everyone read a public page', (auth) => {
    expect(decideAccess('public', auth, at('/legal/terms'))).toBe('allow');
  });
});

describe('decideAccess for a visitor', () => {
  it('shows the landing page and the guest-only pages', () => {
    expect(decideAccess('landing', anonymous, at('/'))).toBe('allow');
    expect(decideAccess('guest', anonymous, at('/auth/signin'))).toBe('allow');
    expect(decideAccess('guest', anonymous, at('/auth/callback/kakao', '?code=x'))).toBe('allow');
  });

  it.each<[AccessKind, string, string]>([
    ['member', '/dashboard', ''],
    ['member', '/search', ''],
    ['member', '/settings/profile', ''],
    ['onboarding', '/onboarding', ''],
    ['account', '/settings/general', ''],
  ])('sends a visitor from a %s page %s to sign in with the way back', (kind, path, search) => {
    expect(decideAccess(kind, anonymous, at(path, search))).toEqual({
      redirect: `/auth/signin?returnTo=${encodeURIComponent(path + search)}`,
    });
  });

  it('keeps the query string of the protected page in returnTo', () => {
    expect(decideAccess('member', anonymous, at('/search', '?lang=en&x=1'))).toEqual({
      redirect: '/auth/signin?returnTo=%2Fsearch%3Flang%3Den%26x%3D1',
    });
  });
});

describe('decideAccess for a signed-in user on visitor pages', () => {
  it.each<AccessKind>(['landing', 'guest'])(
    'moves a signed-in user on from %s to the dashboard',
    (kind) => {
      expect(decideAccess(kind, ready, at('/'))).toEqual({ redirect: '/dashboard' });
    },
  );

  it('follows returnTo when it is a safe app path', () => {
    expect(decideAccess('guest', ready, at('/auth/signin', '?returnTo=%2Fsearch%3Fa%3D1'))).toEqual(
      {
        redirect: '/search?a=1',
      },
    );
    expect(decideAccess('landing', ready, at('/', '?returnTo=/settings/languages'))).toEqual({
      redirect: '/settings/languages',
    });
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/',
    '/auth/signin',
    'dashboard',
  ])('ignores the unsafe or looping returnTo %s', (returnTo) => {
    const search = `?returnTo=${encodeURIComponent(returnTo)}`;
    expect(decideAccess('guest', ready, at('/auth/signin', search))).toEqual({
      redirect: '/dashboard',
    });
  });

  it('moves a blocked user off the sign-in page too, to meet the blocked page', () => {
    expect(decideAccess('guest', blocked, at('/auth/signin'))).toEqual({ redirect: '/dashboard' });
  });
});

describe('decideAccess for a signed-in user who has not finished onboarding', () => {
  it.each([noProfile, noLanguages, noCurrent])(
    'sends them to onboarding with the way back',
    (auth) => {
      expect(decideAccess('member', auth, at('/search'))).toEqual({
        redirect: '/onboarding?returnTo=%2Fsearch',
      });
    },
  );

  it.each([noProfile, noLanguages, noCurrent])('lets them onboard', (auth) => {
    expect(decideAccess('onboarding', auth, at('/onboarding', '?returnTo=/search'))).toBe('allow');
  });

  it('still lets them open /settings/general', () => {
    expect(decideAccess('account', noProfile, at('/settings/general'))).toBe('allow');
  });
});

describe('decideAccess for a signed-in user with a profile and a language', () => {
  it.each(['/dashboard', '/search', '/practice', '/session-ended', '/settings/profile'])(
    'allows %s',
    (path) => {
      expect(decideAccess('member', ready, at(path))).toBe('allow');
    },
  );

  it('sends a finished user out of onboarding to returnTo, by default the dashboard', () => {
    expect(decideAccess('onboarding', ready, at('/onboarding'))).toEqual({
      redirect: '/dashboard',
    });
    expect(
      decideAccess('onboarding', ready, at('/onboarding/language', '?returnTo=/search')),
    ).toEqual({ redirect: '/search' });
  });

  it('never sends onboarding back into onboarding', () => {
    expect(decideAccess('onboarding', ready, at('/onboarding', '?returnTo=/onboarding'))).toEqual({
      redirect: '/dashboard',
    });
  });
});

describe('decideAccess for blocked users', () => {
  it.each([blocked, temporarilyBlocked, blockedWithoutProfile])(
    'shows the blocked page instead of member pages and onboarding',
    (auth) => {
      expect(decideAccess('member', auth, at('/dashboard'))).toBe('blocked_page');
      expect(decideAccess('member', auth, at('/settings/languages'))).toBe('blocked_page');
      expect(decideAccess('onboarding', auth, at('/onboarding'))).toBe('blocked_page');
    },
  );

  it.each([blocked, temporarilyBlocked])('still allows /settings/general', (auth) => {
    expect(decideAccess('account', auth, at('/settings/general'))).toBe('allow');
  });

  it('still allows public pages', () => {
    expect(decideAccess('public', blocked, at('/info/faq'))).toBe('allow');
  });
});

describe('decideAccess for unverified users', () => {
  it('treats them like active users', () => {
    const unverified = signedIn({ status: 'unverified', profile: english });
    for (const kind of allKinds) {
      expect(decideAccess(kind, unverified, at('/dashboard'))).toEqual(
        decideAccess(kind, ready, at('/dashboard')),
      );
    }
  });
});
