import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '@/lib/current-user';
import { forgetPocket, pocketFor } from '@/lib/pocket/pocket-access';
import * as pocketExport from '@/lib/pocket/pocket-export';
import { queryClient } from '@/lib/query-client';
import { initTestI18n } from '@/testing/test-i18n';
import { readyMember } from '@/testing/users';
import { PocketPage } from '@/features/pocket/components/pocket-page';

const user = readyMember();

async function seed() {
  const pocket = await pocketFor(user.id);
  await pocket.add(
    {
      front: 'echar de menos',
      source: 'chat',
      sessionId: 's1',
      partnerName: 'Lucía',
      languageCode: 'es',
    },
    Date.parse('2026-11-20T10:00:00Z'),
  );
  await pocket.add(
    {
      front: 'madrugar',
      source: 'typed',
      sessionId: 's2',
      partnerName: 'Kenji',
      languageCode: 'es',
    },
    Date.parse('2026-11-21T10:00:00Z'),
  );
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/pocket', element: <PocketPage /> }], {
    initialEntries: ['/pocket'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initTestI18n(['common', 'pocket']);
});

beforeEach(async () => {
  queryClient.setQueryData(currentUserQueryKey, user);
  await seed();
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await forgetPocket(user.id);
});

describe('PocketPage', () => {
  it('lists phrases by call, newest call first, and finds them by word', async () => {
    renderPage();
    const groups = await screen.findAllByRole('region');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^With Kenji · Spanish · /),
      expect.stringMatching(/^With Lucía · Spanish · /),
    ]);
    expect(within(groups[1]!).getByText('echar de menos')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 phrases');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search your pocket' }), {
      target: { value: 'LUCIA' },
    });
    expect(screen.queryByText('madrugar')).toBeNull();
    expect(screen.getByText('echar de menos')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 phrase');
  });

  it('edits a note and deletes a phrase, on the device', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “madrugar”' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Meaning or note' }), {
      target: { value: 'to get up early' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('to get up early')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete “echar de menos”' }));
    await waitFor(() => expect(screen.queryByText('echar de menos')).toBeNull());
    const kept = await (await pocketFor(user.id)).list();
    expect(kept.map((i) => [i.front, i.back])).toEqual([['madrugar', 'to get up early']]);
  });

  it('exports what the search shows for Anki and as CSV', async () => {
    const download = vi.spyOn(pocketExport, 'downloadText').mockImplementation(() => {});
    renderPage();
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search your pocket' }), {
      target: { value: 'madrugar' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export for Anki' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(download.mock.calls.map(([name, , type]) => [name.replace(/\d/g, '0'), type])).toEqual([
      ['parlo-pocket-0000-00-00.txt', 'text/tab-separated-values'],
      ['parlo-pocket-0000-00-00.csv', 'text/csv'],
    ]);
    expect(download.mock.calls[0]![1].split('\n').slice(3)).toEqual([
      'madrugar\t\tparlo parlo::es typed',
      '',
    ]);
  });

  it('says so when nothing is saved', async () => {
    await forgetPocket(user.id);
    renderPage();
    expect(await screen.findByText(/Nothing saved yet/)).toBeTruthy();
  });
});
