import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@parlo/contract/sessions';
import { currentUserQueryKey } from '@/lib/current-user';
import { forgetPocket, pocketFor } from '@/lib/pocket/pocket-access';
import { queryClient } from '@/lib/query-client';
import { useCallTally } from '@/lib/session/call-tally-store';
import type { EndedSession } from '@/lib/session/live-session-store';
import { initTestI18n } from '@/testing/test-i18n';
import { readyMember } from '@/testing/users';
import * as api from '@/features/session-ended/api/after-call';
import { AfterCallSection } from '@/features/session-ended/components/after-call-section';

vi.mock('@/features/session-ended/api/after-call', () => ({
  getSession: vi.fn(),
  getCalibrationState: vi.fn(),
  rateCalibration: vi.fn(),
}));
const mocked = vi.mocked(api);

const user = readyMember();
const ended = {
  payload: {
    session: { id: 'session-1', languageCode: 'es' },
    peerProfile: { id: 'peer-1', name: 'Lucía', country: 'ES', imageUrl: null, level: 'B1' },
  },
  reason: 'time_limit_reached',
  endedAt: Date.now(),
  peerError: null,
} as unknown as EndedSession;

const technical = {
  id: 'session-1',
  startedAt: '2026-11-20T10:00:00Z',
  endedAt: '2026-11-20T10:06:35Z',
  durationSeconds: 395,
} as Session;

function renderSection() {
  const router = createMemoryRouter(
    [{ path: '/session-ended', element: <AfterCallSection ended={ended} /> }],
    { initialEntries: ['/session-ended'] },
  );
  render(<RouterProvider router={router} />);
}

beforeAll(async () => {
  await initTestI18n(['common', 'after-call']);
});

beforeEach(() => {
  queryClient.clear();
  queryClient.setQueryData(currentUserQueryKey, user);
  mocked.getSession.mockResolvedValue(technical);
  mocked.rateCalibration.mockResolvedValue(undefined);
});

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  useCallTally.getState().reset();
  await forgetPocket(user.id);
});

describe('after the call on /session-ended', () => {
  it("recaps the call from this device: length, chat lines and this call's phrases only", async () => {
    mocked.getCalibrationState.mockResolvedValue({ state: 'ineligible' });
    const pocket = await pocketFor(user.id);
    await pocket.add({ front: 'echar de menos', source: 'chat', sessionId: 'session-1' });
    await pocket.add({ front: 'madrugar', source: 'typed', sessionId: 'session-1' });
    await pocket.add({ front: 'other call', source: 'typed', sessionId: 'session-0' });
    useCallTally.getState().noteChat('session-1', 3, 2);
    renderSection();

    const recap = await screen.findByRole('region', { name: 'Your call' });
    expect(await within(recap).findByText('6 min 35 s')).toBeTruthy();
    expect(within(recap).getByText('3 sent · 2 received')).toBeTruthy();
    expect(await within(recap).findByText('2')).toBeTruthy();
    // What the device did not measure (talk time, cards, signals) is left out, not shown as 0.
    expect(within(recap).queryByText('Talk time')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open your phrase pocket' }).getAttribute('href')).toBe(
      '/pocket',
    );
    // Too short or too old: no question.
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('ignores the chat counts of another call', async () => {
    mocked.getCalibrationState.mockResolvedValue({ state: 'answered' });
    useCallTally.getState().noteChat('session-0', 9, 9);
    renderSection();
    const recap = await screen.findByRole('region', { name: 'Your call' });
    await within(recap).findByText('6 min 35 s');
    expect(within(recap).queryByText('Chat lines')).toBeNull();
  });

  it("asks once how the partner's speaking felt against their level, and thanks", async () => {
    mocked.getCalibrationState.mockResolvedValue({ state: 'open' });
    renderSection();
    const group = await screen.findByRole('group', {
      name: "How did Lucía's speaking feel compared with B1?",
    });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Below B1', 'About B1', 'Above B1']);
    fireEvent.click(within(group).getByRole('button', { name: 'Above B1' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Thank you: your answer was added anonymously.',
    );
    expect(mocked.rateCalibration).toHaveBeenCalledExactlyOnceWith('session-1', 'above');
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('says so when the answer could not be sent, and lets the user try again', async () => {
    mocked.getCalibrationState.mockResolvedValue({ state: 'open' });
    mocked.rateCalibration.mockRejectedValueOnce(new Error('offline'));
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'About B1' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Your answer could not be sent. Try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'About B1' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(mocked.rateCalibration).toHaveBeenCalledTimes(2);
  });
});
