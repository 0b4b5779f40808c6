import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionOffer } from '@parlo/contract/realtime';
import { ApiError } from '@/lib/api-client';
import { useReportDialog } from '@/lib/session/report-dialog-store';
import { useLiveSession, type LocalEndReason } from '@/lib/session/live-session-store';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import { initTestI18n } from '@/testing/test-i18n';
import { SessionEndedPage } from '@/features/session-ended/components/session-ended-page';
import { useContinueOfferBridge } from '@/features/session-ended/hooks/use-continue-offer-bridge';
import * as offersApi from '@/features/session-ended/api/offers';

type Listener = (payload: unknown) => void;
const socket = vi.hoisted(() => ({ listeners: new Map<string, Listener>() }));

vi.mock('@/lib/realtime/use-socket-message', () => ({
  useSocketMessage: (type: string, handler: Listener) => {
    socket.listeners.set(type, handler);
  },
}));
vi.mock('@/lib/tokens/bonus-tokens-dialog-store', () => ({ openBonusTokens: vi.fn() }));
vi.mock('@/features/session-ended/api/offers', () => ({
  createOffer: vi.fn(),
  cancelOffer: vi.fn(),
  acceptOffer: vi.fn(),
  declineOffer: vi.fn(),
}));

const api = vi.mocked(offersApi);

const payload = {
  session: { id: 'session-1', languageCode: 'es' },
  peerProfile: { id: 'peer-1', name: 'Lucía', country: 'ES', imageUrl: null, level: 'B1' },
  initiator: true,
  iceServers: [],
  endsAt: '2026-01-01T10:07:00Z',
} as never;

function offer(overrides: Partial<SessionOffer> = {}): SessionOffer {
  return {
    id: 'offer-1',
    type: 'continuation',
    fromUserId: 'me',
    toUserId: 'peer-1',
    status: 'pending',
    peerId: 'peer-1',
    languageCode: 'es',
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    ...overrides,
  };
}

function emit(type: string, data: unknown) {
  act(() => socket.listeners.get(type)?.(data));
}

/** The page as the app shows it: the app-wide offer bridge listens to the socket. */
function PageWithBridge() {
  useContinueOfferBridge();
  return <SessionEndedPage />;
}

function renderEnded(reason: LocalEndReason | 'mystery' | null, peerError: string | null = null) {
  useLiveSession.getState().reset();
  if (reason) {
    useLiveSession.getState().start(payload);
    useLiveSession.getState().end(reason as LocalEndReason, peerError);
  }
  const router = createMemoryRouter(
    [
      { path: '/session-ended', element: <PageWithBridge /> },
      { path: '/search', element: <p>search page</p> },
    ],
    { initialEntries: ['/session-ended'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const continueButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Continue with Lucía' });

beforeAll(async () => {
  await initTestI18n(['common', 'session-ended']);
});

beforeEach(() => {
  socket.listeners.clear();
  vi.clearAllMocks();
  useReportDialog.getState().close();
});

afterEach(cleanup);

describe('SessionEndedPage per reason', () => {
  it('sends a visitor without an ended session to /search', async () => {
    renderEnded(null);
    expect(await screen.findByText('search page')).toBeTruthy();
  });

  it.each([
    ['self_ended', 'You ended the session', 'Start new session', true],
    ['user_ended', 'Your partner ended the session', 'Find new partner', true],
    ['time_limit_reached', "Time's up!", 'Start new session', true],
    ['connection_issue', 'Connection lost', 'Try again', true],
    ['system_ended', 'Session ended', 'Start new session', false],
    ['user_reported', 'Session ended', 'Find new partner', false],
    ['mystery', 'Session complete', 'Start new session', false],
  ] as const)(
    '%s: "%s", main button "%s", continue offered: %s',
    (reason, title, action, offered) => {
      renderEnded(reason);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('link', { name: action }).getAttribute('href')).toBe('/search');
      expect(screen.queryByRole('button', { name: 'Continue with Lucía' }) !== null).toBe(offered);
      expect(screen.getByRole('button', { name: 'Report Lucía' })).toBeTruthy();
    },
  );

  it('opens the report dialog for the partner and the session', () => {
    renderEnded('system_ended');
    fireEvent.click(screen.getByRole('button', { name: 'Report Lucía' }));
    expect(useReportDialog.getState().target).toEqual({
      reportedUserId: 'peer-1',
      sessionId: 'session-1',
    });
  });

  it('gives connection tips after a connection issue', () => {
    renderEnded('connection_issue');
    expect(screen.getByText('Try another network')).toBeTruthy();
    expect(screen.queryByText('ICE connection failed')).toBeNull();
  });

  it('says why the peer link failed when it did', () => {
    renderEnded('connection_issue', 'ice_failed');
    expect(screen.getByText('ICE connection failed')).toBeTruthy();
  });
});

describe('SessionEndedPage continue offers', () => {
  it('sends an offer, shows it pending and cancels it', async () => {
    let resolve: (value: SessionOffer) => void = () => {};
    api.createOffer.mockReturnValue(new Promise((r) => (resolve = r)));
    api.cancelOffer.mockResolvedValue(undefined);
    renderEnded('time_limit_reached');

    fireEvent.click(continueButton());
    expect(api.createOffer).toHaveBeenCalledWith({
      peerId: 'peer-1',
      languageCode: 'es',
      type: 'continuation',
    });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sending offer…' }).disabled).toBe(
      true,
    );

    await act(() => {
      resolve(offer());
      return Promise.resolve();
    });
    expect(screen.getByText('Waiting for Lucía to answer…')).toBeTruthy();

    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel offer' }));
      return Promise.resolve();
    });
    expect(api.cancelOffer).toHaveBeenCalledWith('offer-1');
    expect(screen.getByText('Your offer was cancelled.')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it('marks the sent offer declined when the partner declines it', async () => {
    api.createOffer.mockResolvedValue(offer());
    renderEnded('self_ended');
    await act(() => {
      fireEvent.click(continueButton());
      return Promise.resolve();
    });
    emit('session_offer_declined', { offerId: 'other' });
    expect(screen.queryByText('Lucía declined your offer.')).toBeNull();
    emit('session_offer_declined', { offerId: 'offer-1' });
    expect(screen.getByText('Lucía declined your offer.')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it('offers bonus tokens when the offer fails for lack of tokens', async () => {
    api.createOffer.mockRejectedValue(new ApiError(1002, '', 'http', 429));
    renderEnded('user_ended');
    await act(() => {
      fireEvent.click(continueButton());
      return Promise.resolve();
    });
    expect(screen.getByText(/You used all conversation tokens today/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get bonus tokens' }));
    expect(openBonusTokens).toHaveBeenCalled();
    expect(continueButton().disabled).toBe(true);
  });

  it('shows a failed offer with the button disabled', async () => {
    api.createOffer.mockRejectedValue(new ApiError(500, '', 'http', 500));
    renderEnded('connection_issue');
    await act(() => {
      fireEvent.click(continueButton());
      return Promise.resolve();
    });
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it("accepts the partner's offer, ignoring offers from anyone else", async () => {
    api.acceptOffer.mockReturnValue(new Promise(() => {}));
    renderEnded('user_ended');
    emit('session_offer_received', { offer: offer({ id: 'x', fromUserId: 'stranger' }) });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();

    emit('session_offer_received', { offer: offer({ id: 'in-1', fromUserId: 'peer-1' }) });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Lucía wants to keep talking!')).toBeTruthy();
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
      return Promise.resolve();
    });
    expect(api.acceptOffer).toHaveBeenCalledWith('in-1');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Accepting…' }).disabled).toBe(
      true,
    );
  });

  it("declines the partner's offer, and a cancelled offer disappears", async () => {
    api.declineOffer.mockResolvedValue(undefined);
    renderEnded('self_ended');
    emit('session_offer_received', { offer: offer({ id: 'in-1', fromUserId: 'peer-1' }) });
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
      return Promise.resolve();
    });
    expect(api.declineOffer).toHaveBeenCalledWith('in-1');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();

    emit('session_offer_received', { offer: offer({ id: 'in-2', fromUserId: 'peer-1' }) });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    emit('session_offer_cancelled', { offerId: 'in-2' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(continueButton().disabled).toBe(false);
  });

  it('says the sent offer lapsed when nobody answered it in time', async () => {
    api.createOffer.mockResolvedValue(offer());
    renderEnded('time_limit_reached');
    await act(() => {
      fireEvent.click(continueButton());
      return Promise.resolve();
    });
    emit('session_offer_cancelled', { offerId: 'offer-1', reason: 'expired' });
    expect(screen.getByText("Lucía didn't answer in time. Your offer has lapsed.")).toBeTruthy();
    expect(screen.queryByText('Your offer was cancelled.')).toBeNull();
    expect(continueButton().disabled).toBe(true);
  });
});

describe('SessionEndedPage after a report between the two', () => {
  it('hides continuing once either side reported the other, keeping the report button', () => {
    renderEnded('user_ended');
    emit('session_offer_received', { offer: offer({ id: 'in-1', fromUserId: 'peer-1' }) });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();

    emit('session_offer_unavailable', { peerId: 'peer-1' });
    expect(screen.queryByRole('button', { name: 'Continue with Lucía' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Keep talking with Lucía?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report Lucía' })).toBeTruthy();
  });

  it('hides continuing when the server refuses the offer for a reported pair', async () => {
    api.createOffer.mockRejectedValue(new ApiError('pair_excluded', '', 'http', 409));
    renderEnded('connection_issue');
    await act(() => {
      fireEvent.click(continueButton());
      return Promise.resolve();
    });
    expect(screen.queryByRole('button', { name: 'Continue with Lucía' })).toBeNull();
    expect(
      screen.queryByText('You are already in a call. End the current session first.'),
    ).toBeNull();
  });
});

describe('SessionEndedPage after a failed call', () => {
  it('says the token was given back when the server refunded the call', () => {
    renderEnded('connection_issue');
    expect(screen.queryByText(/your token has been given back/)).toBeNull();
    act(() => useLiveSession.getState().noteRefund('session-1'));
    expect(screen.getByText(/your token has been given back/)).toBeTruthy();
  });
});
