import { describe, expect, it } from 'vitest';
import {
  dateInputToIso,
  fieldErrorsFrom,
  latestBirthDate,
  validateProfileForm,
} from '@/features/onboarding/lib/profile-form';
import { onboardingReturnTo } from '@/features/onboarding/lib/return-to';
import { onboardingStep } from '@/features/onboarding/lib/onboarding-step';

const today = new Date('2026-03-10T12:00:00Z');
const valid = {
  name: ' Ana María ',
  gender: 'female',
  dateOfBirth: '2000-05-17',
  country: 'ES',
} as const;

describe('validateProfileForm', () => {
  it('trims the name and sends the date as UTC midnight', () => {
    expect(validateProfileForm(valid, today)).toEqual({
      ok: true,
      body: {
        name: 'Ana María',
        gender: 'female',
        country: 'ES',
        dateOfBirth: '2000-05-17T00:00:00.000Z',
      },
    });
  });

  it('names every missing field with its message key', () => {
    const result = validateProfileForm(
      { name: '  ', gender: '', dateOfBirth: '', country: '' },
      today,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'nameRequired',
        gender: 'genderRequired',
        dateOfBirth: 'dateOfBirthRequired',
        country: 'countryRequired',
      },
    });
  });

  it.each([
    [{ name: 'R2-D2' }, { name: 'namePattern' }],
    [{ name: 'a'.repeat(51) }, { name: 'nameMaxLength' }],
    [{ dateOfBirth: '2010-03-11' }, { dateOfBirth: 'ageMin' }],
    [{ dateOfBirth: '1900-01-01' }, { dateOfBirth: 'ageMax' }],
    [{ dateOfBirth: '2027-01-01' }, { dateOfBirth: 'dateOfBirthInvalid' }],
  ])('refuses %o with %o', (change, errors) => {
    expect(validateProfileForm({ ...valid, ...change }, today)).toEqual({ ok: false, errors });
  });

  it('accepts someone on their sixteenth birthday', () => {
    expect(validateProfileForm({ ...valid, dateOfBirth: '2010-03-10' }, today).ok).toBe(true);
  });
});

describe('profile form helpers', () => {
  it('turns only a complete date into a timestamp', () => {
    expect(dateInputToIso('2000-05-17')).toBe('2000-05-17T00:00:00.000Z');
    expect(dateInputToIso('')).toBe('');
  });

  it('sets the picker maximum to the date sixteen years ago', () => {
    expect(latestBirthDate(new Date(2026, 2, 10))).toBe('2010-03-10');
    expect(latestBirthDate(new Date(2028, 1, 29))).toBe('2012-02-29');
    expect(latestBirthDate(new Date(2024, 1, 29))).toBe('2008-02-29');
    expect(latestBirthDate(new Date(2025, 1, 28))).toBe('2009-02-28');
  });

  it('keeps the server fields this form knows', () => {
    expect(fieldErrorsFrom({ name: 'namePattern', country: 'oddKey', extra: 'x' })).toEqual({
      name: 'namePattern',
      country: 'countryRequired',
    });
    expect(fieldErrorsFrom(undefined)).toEqual({});
  });
});

describe('onboardingReturnTo', () => {
  it.each([
    [null, '/dashboard'],
    ['/search?x=1', '/search?x=1'],
    ['/settings/languages', '/settings/languages'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['/onboarding', '/dashboard'],
    ['/auth/signin', '/dashboard'],
    ['/', '/dashboard'],
  ])('reads %s as %s', (value, expected) => {
    expect(onboardingReturnTo(value)).toBe(expected);
  });
});

describe('onboardingStep', () => {
  const profile = {
    languageCode: 'en',
    languages: [{ id: '1', languageCode: 'en', proficiencyLevel: 'B1' as const }],
  };
  it('starts with the profile, then the language, then is done', () => {
    expect(onboardingStep({ profile: null })).toBe('profile');
    expect(onboardingStep({ profile: { ...fakeProfile, languageCode: null, languages: [] } })).toBe(
      'language',
    );
    expect(onboardingStep({ profile: { ...fakeProfile, ...profile, languageCode: null } })).toBe(
      'language',
    );
    expect(onboardingStep({ profile: { ...fakeProfile, ...profile } })).toBe('done');
  });
});

const fakeProfile = {
  id: 'u1',
  name: 'Ana',
  gender: 'female' as const,
  country: 'ES',
  dateOfBirth: '2000-05-17T00:00:00.000Z',
  age: 25,
  imageUrl: null,
};
