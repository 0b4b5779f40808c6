import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REFERRAL_STORAGE_KEY,
  captureReferralCode,
  clearReferralCode,
  readReferralCode,
} from '@/features/auth/lib/referral-code';

const address = () => window.location.pathname + window.location.search + window.location.hash;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('referral link capture', () => {
  it('saves the ref parameter and removes it from the address, keeping the rest', () => {
    window.history.replaceState({ key: 'k1' }, '', '/info/about?lang=ko&ref=AB12CD34#team');
    captureReferralCode();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('AB12CD34');
    expect(address()).toBe('/info/about?lang=ko#team');
    expect(window.history.state).toEqual({ key: 'k1' });
  });

  it('leaves no empty query behind', () => {
    window.history.replaceState(null, '', '/?ref=AB12CD34');
    captureReferralCode();
    expect(address()).toBe('/');
    expect(readReferralCode()).toBe('AB12CD34');
  });

  it('keeps the address of callback pages untouched and saves nothing there', () => {
    for (const path of ['/auth/callback', '/auth/callback/kakao']) {
      window.history.replaceState(null, '', `${path}?code=c1&state=s1&ref=AB12CD34`);
      captureReferralCode();
      expect(address()).toBe(`${path}?code=c1&state=s1&ref=AB12CD34`);
      expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    }
  });

  it('drops a malformed referral id from the address without saving it', () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'EARLIER1');
    window.history.replaceState(null, '', '/?ref=%3Cscript%3E');
    captureReferralCode();
    expect(address()).toBe('/');
    expect(readReferralCode()).toBe('EARLIER1');
  });

  it('replaces an earlier referral with the latest link', () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'EARLIER1');
    window.history.replaceState(null, '', '/?ref=LATEST22');
    captureReferralCode();
    expect(readReferralCode()).toBe('LATEST22');
  });

  it('does nothing without the parameter', () => {
    window.history.replaceState(null, '', '/legal/terms?lang=ja');
    captureReferralCode();
    expect(address()).toBe('/legal/terms?lang=ja');
    expect(readReferralCode()).toBeNull();
  });

  it('forgets the saved referral when cleared, and ignores a tampered stored value', () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'AB12CD34');
    clearReferralCode();
    expect(readReferralCode()).toBeNull();
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'not valid!');
    expect(readReferralCode()).toBeNull();
  });
});
