import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '@/lib/return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/search?x=1#top', '/search?x=1#top'],
    ['/authors', '/authors'],
    ['/settings/languages', '/settings/languages'],
    [null, null],
    ['', null],
    ['javascript:alert(1)', null],
    ['https://evil.example', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/\tevil.example', null],
    ['/\n/evil.example', null],
    ['/%0a', '/%0a'],
    ['/search\x7f', null],
    ['/auth/callback/google', null],
    ['/auth', null],
    ['/onboarding/language', null],
    ['/onboarding', null],
    ['/?x=1', null],
    ['/', null],
  ])('reads %j as %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});
