import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@parlo/contract/profiles';
import type { User } from '@parlo/contract/users';
import { ApiError, apiClient } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { isJustJoined } from '@/lib/just-joined';
import { rememberSignInName, signInName } from '@/lib/sign-in-name';
import { initTestI18n } from '@/testing/test-i18n';
import { readyMember } from '@/testing/users';
import { OnboardingPage } from '@/features/onboarding/components/onboarding-page';

const baseUser = readyMember({ profile: null });

const profile: Profile = {
  id: 'u1',
  name: 'Ana',
  gender: 'female',
  country: 'ES',
  dateOfBirth: '2000-05-17T00:00:00.000Z',
  age: 25,
  imageUrl: null,
  languageCode: null,
  languages: [],
};

const catalogue = [
  { code: 'en', nativeName: 'English', available: true },
  { code: 'fr', nativeName: 'Français', available: false },
];

const english = { id: 'l1', languageCode: 'en', proficiencyLevel: 'B1' as const };

/** What GET /users/me answers now; tests move it on as the server would. */
let serverUser: User;

function stubApi({ languages = (): Promise<unknown> => Promise.resolve(catalogue) } = {}) {
  const get = vi.spyOn(apiClient, 'get').mockImplementation((path: string) => {
    if (path === '/api/v1/users/me') return Promise.resolve(serverUser);
    if (path === '/api/v1/languages') return languages();
    return Promise.reject(new ApiError(404, '', 'http', 404));
  });
  const post = vi.spyOn(apiClient, 'post');
  const put = vi.spyOn(apiClient, 'put');
  return { get, post, put };
}

function renderOnboarding(user: User, path = '/onboarding') {
  serverUser = user;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(currentUserQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/onboarding/*', element: <OnboardingPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/search', element: <h1>Search page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  return {
    where: () => router.state.location.pathname + router.state.location.search,
    arrivalState: () => router.state.location.state as unknown,
  };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function fillValidProfile() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ana María');
  await userEvent.click(screen.getByLabelText('Female'));
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2000-05-17' } });
  await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'spain{Enter}');
}

beforeAll(async () => {
  await initTestI18n(['common', 'forms', 'onboarding']);
});

beforeEach(() => {
  serverUser = baseUser;
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OnboardingPage, profile step', () => {
  it('shows both step titles, the profile form and the note about Settings', async () => {
    stubApi();
    renderOnboarding(baseUser);
    expect(await screen.findByRole('heading', { name: 'Tell us about yourself' })).toBeTruthy();
    expect(screen.getByText('Your profile')).toBeTruthy();
    expect(screen.getByText('Your language')).toBeTruthy();
    expect(screen.getByText('You can edit this later in Settings.')).toBeTruthy();
    const date = screen.getByLabelText('Date of birth');
    expect(date.getAttribute('type')).toBe('date');
    expect(date.getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows an error under each invalid field and clears one when that field changes', async () => {
    const { post } = stubApi();
    renderOnboarding(baseUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please select your gender')).toBeTruthy();
    expect(screen.getByText('Please enter your date of birth')).toBeTruthy();
    expect(screen.getByText('Please select your country')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Name'), 'A');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByText('Please select your gender')).toBeTruthy();
    expect(screen.getByText('Please select your country')).toBeTruthy();
  });

  it('refuses a name with digits and someone younger than 16 with the contract rules', async () => {
    stubApi();
    renderOnboarding(baseUser);
    await userEvent.type(await screen.findByLabelText('Name'), 'R2D2');
    const young = new Date();
    fireEvent.change(screen.getByLabelText('Date of birth'), {
      target: { value: `${young.getFullYear() - 10}-01-01` },
    });
    await userEvent.click(continueButton());
    expect(
      screen.getByText('Name can only contain letters, spaces, hyphens, and apostrophes'),
    ).toBeTruthy();
    expect(screen.getByText('You must be at least 16 years old to use Parlo')).toBeTruthy();
  });

  it('creates the profile with a UTC-midnight date and moves on to the language step', async () => {
    const { post } = stubApi();
    post.mockImplementation(() => {
      serverUser = { ...baseUser, profile };
      return Promise.resolve(profile);
    });
    renderOnboarding(baseUser);
    await screen.findByLabelText('Name');
    await fillValidProfile();
    await userEvent.click(continueButton());

    expect(post).toHaveBeenCalledWith('/api/v1/profiles/me', {
      name: 'Ana María',
      gender: 'female',
      country: 'ES',
      dateOfBirth: '2000-05-17T00:00:00.000Z',
    });
    expect(
      await screen.findByRole('heading', { name: 'Choose a language to practise' }),
    ).toBeTruthy();
  });

  it('prefills the name the sign-in provider gave, and forgets it once the profile exists', async () => {
    const { post } = stubApi();
    post.mockImplementation(() => {
      serverUser = { ...baseUser, profile };
      return Promise.resolve(profile);
    });
    rememberSignInName('Ana López');
    renderOnboarding(baseUser);
    const name = await screen.findByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('Ana López');

    await userEvent.click(screen.getByLabelText('Female'));
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2000-05-17' } });
    await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'spain{Enter}');
    await userEvent.click(continueButton());
    expect(post).toHaveBeenCalledWith(
      '/api/v1/profiles/me',
      expect.objectContaining({ name: 'Ana López' }),
    );
    await screen.findByRole('heading', { name: 'Choose a language to practise' });
    expect(signInName()).toBe('');
  });

  it('starts with an empty name when the provider gave none', async () => {
    stubApi();
    renderOnboarding(baseUser);
    expect((await screen.findByLabelText<HTMLInputElement>('Name')).value).toBe('');
  });

  it('moves focus to the language step heading after Continue', async () => {
    const { post } = stubApi();
    post.mockImplementation(() => {
      serverUser = { ...baseUser, profile };
      return Promise.resolve(profile);
    });
    renderOnboarding(baseUser);
    await screen.findByLabelText('Name');
    await fillValidProfile();
    await userEvent.click(continueButton());
    const heading = await screen.findByRole('heading', { name: 'Choose a language to practise' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('does not take focus when the page opens', async () => {
    stubApi();
    renderOnboarding(baseUser);
    await screen.findByRole('heading', { name: 'Tell us about yourself' });
    expect(document.activeElement).toBe(document.body);
  });

  it("puts the server's field errors under their fields", async () => {
    const { post } = stubApi();
    post.mockRejectedValue(
      new ApiError(400, 'Invalid profile data', 'http', 400, { name: 'namePattern' }),
    );
    renderOnboarding(baseUser);
    await screen.findByLabelText('Name');
    await fillValidProfile();
    await userEvent.click(continueButton());
    expect(
      await screen.findByText('Name can only contain letters, spaces, hyphens, and apostrophes'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the generic error when creating the profile fails otherwise', async () => {
    const { post } = stubApi();
    post.mockRejectedValue(new ApiError(500, '', 'http', 500));
    renderOnboarding(baseUser);
    await screen.findByLabelText('Name');
    await fillValidProfile();
    await userEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There was an error creating your profile. Please try again.',
    );
  });
});

describe('OnboardingPage, language step', () => {
  it('jumps to the language step when the profile exists without a language', async () => {
    stubApi();
    renderOnboarding({ ...baseUser, profile });
    expect(
      await screen.findByRole('heading', { name: 'Choose a language to practise' }),
    ).toBeTruthy();
    expect(screen.getByText('Your language').closest('[aria-current="step"]')).toBeTruthy();
  });

  it('offers only available languages, B1 by default, and completes to returnTo', async () => {
    const { post } = stubApi();
    post.mockImplementation(() => {
      serverUser = {
        ...baseUser,
        profile: { ...profile, languageCode: 'en', languages: [english] },
      };
      return Promise.resolve(english);
    });
    const { where } = renderOnboarding({ ...baseUser, profile }, '/onboarding?returnTo=%2Fsearch');
    const complete = await screen.findByRole('button', { name: 'Complete setup' });
    expect((complete as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('radio', { name: /English/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Français/ })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /B1/ }).checked).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: /English/ }));
    await userEvent.click(screen.getByRole('radio', { name: /C1/ }));
    await userEvent.click(complete);

    expect(post).toHaveBeenCalledWith('/api/v1/languages/user', {
      languageCode: 'en',
      proficiencyLevel: 'C1',
    });
    expect(await screen.findByRole('heading', { name: 'Search page' })).toBeTruthy();
    expect(where()).toBe('/search');
  });

  it('tells the page it ends on that the person has just joined', async () => {
    const { post } = stubApi();
    post.mockImplementation(() => {
      serverUser = {
        ...baseUser,
        profile: { ...profile, languageCode: 'en', languages: [english] },
      };
      return Promise.resolve(english);
    });
    const { where, arrivalState } = renderOnboarding({ ...baseUser, profile });
    await userEvent.click(await screen.findByRole('radio', { name: /English/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete setup' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(where()).toBe('/dashboard');
    expect(isJustJoined(arrivalState())).toBe(true);
  });

  it('makes an added language current when the profile has languages but none current', async () => {
    const { post, put } = stubApi();
    put.mockImplementation(() => {
      serverUser = {
        ...baseUser,
        profile: { ...profile, languageCode: 'en', languages: [english] },
      };
      return Promise.resolve(undefined);
    });
    const { where } = renderOnboarding({
      ...baseUser,
      profile: { ...profile, languageCode: null, languages: [english] },
    });
    await userEvent.click(await screen.findByRole('radio', { name: /English/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete setup' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(put).toHaveBeenCalledWith('/api/v1/languages/user/current', { languageCode: 'en' });
    expect(post).not.toHaveBeenCalled();
  });

  it('ignores a returnTo that leaves the app', async () => {
    stubApi();
    const done = { ...profile, languageCode: 'en', languages: [english] };
    const { where } = renderOnboarding(
      { ...baseUser, profile: done },
      '/onboarding?returnTo=%2F%2Fevil.example',
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(where()).toBe('/dashboard');
  });

  it('leaves at once for a user who has finished', async () => {
    stubApi();
    const done = { ...profile, languageCode: 'en', languages: [english] };
    const { where, arrivalState } = renderOnboarding(
      { ...baseUser, profile: done },
      '/onboarding/profile?returnTo=%2Fsearch',
    );
    await waitFor(() => expect(where()).toBe('/search'));
    expect(isJustJoined(arrivalState())).toBe(false);
  });

  it('says when the languages cannot be loaded', async () => {
    stubApi({ languages: () => Promise.reject(new ApiError(500, '', 'http', 500)) });
    renderOnboarding({ ...baseUser, profile });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load available languages. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says when the language cannot be added', async () => {
    const { post } = stubApi();
    post.mockRejectedValue(new ApiError(400, '', 'http', 400));
    renderOnboarding({ ...baseUser, profile });
    await userEvent.click(await screen.findByRole('radio', { name: /English/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete setup' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There was an error adding your language. Please try again.',
    );
  });
});
