import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { User } from '@parlo/contract/users';
import { currentUserQueryKey } from '@/lib/current-user';

export const testUser: User = {
  id: 'u1',
  username: 'robin@example.com',
  status: 'active',
  blockedAt: null,
  blockedUntil: null,
  provider: 'google',
  imageUrl: null,
  referralId: 'ref1',
  profile: {
    id: 'u1',
    name: 'Robin',
    gender: 'female',
    country: 'GB',
    dateOfBirth: '1995-04-02T00:00:00.000Z',
    age: 31,
    imageUrl: null,
    languageCode: 'en',
    languages: [{ id: 'l1', languageCode: 'en', proficiencyLevel: 'B1' }],
  },
};

/** Renders a settings piece with the signed-in user already loaded, as the app has it. */
export function renderSettings(ui: ReactNode, user: User = testUser, path = '/settings/general') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(currentUserQueryKey, user);
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
