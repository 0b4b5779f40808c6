import type { User } from '@parlo/contract/users';

/** A signed-in member who finished onboarding (profile, English B1), active; override as needed. */
export function readyMember(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    username: 'ana@example.com',
    status: 'active',
    blockedAt: null,
    blockedUntil: null,
    provider: 'google',
    imageUrl: null,
    referralId: 'ref-1',
    profile: {
      id: 'p1',
      name: 'Ana Souza',
      gender: 'female',
      country: 'BR',
      dateOfBirth: '2000-01-01T00:00:00.000Z',
      age: 25,
      imageUrl: null,
      languageCode: 'en',
      languages: [{ id: 'l1', languageCode: 'en', proficiencyLevel: 'B1' }],
    },
    ...overrides,
  };
}
