import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PeerProfile, SessionOffer } from '@parlo/contract/realtime';
import { ApiError } from '@/lib/api-client';
import { useLiveSession } from '@/lib/session/live-session-store';
import { initTestI18n } from '@/testing/test-i18n';
import * as offersApi from '@/features/session-ended/api/offers';
import { OfferToast } from '@/features/session-ended/components/offer-toast';
import { useContinueOfferBridge } from '@/features/session-ended/hooks/use-continue-offer-bridge';
import { sendOffer } from '@/features/session-ended/stores/continue-offer-store';

type Listener = (payload: unknown) => void;
const socket = vi.hoisted(() => ({ listeners: new Map<string, Listener>() }));

vi.mock('@/lib/realtime/use-socket-message', () => ({
  useSocketMessage: (type: string, handler: Listener) => {
    socket.listeners.set(type, handler);
  },
}));
vi.mock('@/features/session-ended/api/offers', () => ({
  createOffer: vi.fn(),
  cancelOffer: vi.fn(),
  acceptOffer: vi.fn(),
  declineOffer: vi.fn(),
}));

const api = vi.mocked(offersApi);

const lucia: PeerProfile = {
  id: 'peer-1',
  name: 'Lucía',
  country: 'ES',
  imageUrl: null,
  level: 'B1',
};

function offer(overrides: Partial<SessionOffer> = {}): SessionOffer {
  return {
    id: 'offer-1',
    type: 'continuation',
    fromUserId: 'peer-1',
    toUserId: 'me',
    status: 'pending',
    peerId: 'peer-1',
    languageCode: 'en',
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    ...overrides,
  };
}

function emit(type: string, data: unknown) {
  act(() => socket.listeners.get(type)?.(data));
}

/** The toast as the app mounts it, on some page other than the session-ended one. */
function Toasts({ inlineOnPage = false, inCall = false }) {
  useContinueOfferBridge();
  return (
    <>
      <button type="button">dashboard button</button>
      <OfferToast inlineOnPage={inlineOnPage} inCall={inCall} />
    </>
  );
}

const toast = (name: string) => screen.getByRole('group', { name });

beforeAll(async () => {
  await initTestI18n(['common', 'session-ended']);
});

beforeEach(() => {
  socket.listeners.clear();
  vi.clearAllMocks();
  useLiveSession.getState().reset();
});

afterEach(cleanup);

describe('OfferToast: an offer received anywhere in the app', () => {
  it('shows the partner’s offer in a named region, announces it, and accepts it', async () => {
    api.acceptOffer.mockReturnValue(new Promise(() => {}));
    render(<Toasts />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.textContent).toBe('');

    emit('session_offer_received', { offer: offer(), from: lucia });
    const shown = toast('Lucía wants to keep talking!');
    expect(within(shown).getByText(/another 7-minute session/)).toBeTruthy();
    const live = region.querySelector('[aria-live="assertive"]')!;
    expect(live.textContent).toContain('Lucía wants to keep talking!');
    expect(live.textContent).toContain('Press F8 to answer.');

    await act(() => {
      fireEvent.click(within(shown).getByRole('button', { name: 'Accept' }));
      return Promise.resolve();
    });
    expect(api.acceptOffer).toHaveBeenCalledWith('offer-1');
    const accepting = within(shown).getByRole<HTMLButtonElement>('button', { name: 'Accepting…' });
    expect(accepting.disabled).toBe(true);

    // The new session clears the offer (the match bridge opens the call).
    emit('session_created', {});
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('is reachable by keyboard: F8 focuses it, Tab reaches its buttons, focus returns after', async () => {
    api.declineOffer.mockResolvedValue(undefined);
    render(<Toasts />);
    const before = screen.getByRole('button', { name: 'dashboard button' });
    before.focus();
    emit('session_offer_received', { offer: offer(), from: lucia });

    const user = userEvent.setup();
    await user.keyboard('{F8}');
    const shown = toast('Lucía wants to keep talking!');
    expect(document.activeElement).toBe(shown);
    await user.tab();
    expect(document.activeElement).toBe(within(shown).getByRole('button', { name: 'Accept' }));
    await user.tab();
    expect(document.activeElement).toBe(within(shown).getByRole('button', { name: 'Decline' }));
    await user.keyboard('{Enter}');
    expect(api.declineOffer).toHaveBeenCalledWith('offer-1');
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('stays out of the session-ended page (which shows the offer) and out of a call', () => {
    const { rerender } = render(<Toasts inlineOnPage />);
    emit('session_offer_received', { offer: offer(), from: lucia });
    expect(screen.queryByRole('group')).toBeNull();
    rerender(<Toasts inCall />);
    expect(screen.queryByRole('group')).toBeNull();
    rerender(<Toasts />);
    expect(toast('Lucía wants to keep talking!')).toBeTruthy();
  });

  it('asks a receiver who is searching to stop first, and keeps the offer', async () => {
    api.acceptOffer.mockRejectedValue(new ApiError('searching', '', 'http', 409));
    render(<Toasts />);
    emit('session_offer_received', { offer: offer(), from: lucia });
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
      return Promise.resolve();
    });
    const shown = toast('Lucía wants to keep talking!');
    expect(within(shown).getByRole('alert').textContent).toBe(
      'Stop searching for a partner to accept this offer.',
    );
    expect(within(shown).getByRole<HTMLButtonElement>('button', { name: 'Accept' }).disabled).toBe(
      false,
    );
  });

  it('drops the offer when the sender withdraws it or a report stands between the two', () => {
    render(<Toasts />);
    emit('session_offer_received', { offer: offer(), from: lucia });
    emit('session_offer_cancelled', { offerId: 'offer-1', reason: 'cancelled' });
    expect(screen.queryByRole('group')).toBeNull();

    emit('session_offer_received', { offer: offer({ id: 'offer-2' }), from: lucia });
    emit('session_offer_unavailable', { peerId: 'peer-1' });
    expect(screen.queryByRole('group')).toBeNull();
    emit('session_offer_received', { offer: offer({ id: 'offer-3' }), from: lucia });
    expect(screen.queryByRole('group')).toBeNull();
  });
});

describe('OfferToast: the sender hears what became of the offer', () => {
  async function sentFromTheEndedPage() {
    useLiveSession.getState().start({
      session: { id: 'session-1', languageCode: 'en' },
      peerProfile: lucia,
    } as never);
    useLiveSession.getState().end('time_limit_reached');
    api.createOffer.mockResolvedValue(offer({ fromUserId: 'me', toUserId: 'peer-1' }));
    await act(() => sendOffer('peer-1', 'en'));
  }

  it('says on another page that the offer lapsed, until dismissed', async () => {
    render(<Toasts />);
    await sentFromTheEndedPage();
    emit('session_offer_cancelled', { offerId: 'offer-1', reason: 'expired' });
    const shown = toast("Lucía didn't answer in time");
    expect(within(shown).getByText('Your offer to keep talking has lapsed.')).toBeTruthy();
    fireEvent.keyDown(shown, { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('says on another page that the partner declined, until dismissed', async () => {
    render(<Toasts />);
    await sentFromTheEndedPage();
    emit('session_offer_declined', { offerId: 'offer-1' });
    const shown = toast('Lucía declined your offer.');
    fireEvent.click(within(shown).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('does not repeat on the next page what the session-ended page already said', async () => {
    const { rerender } = render(<Toasts inlineOnPage />);
    await sentFromTheEndedPage();
    emit('session_offer_cancelled', { offerId: 'offer-1', reason: 'expired' });
    rerender(<Toasts />);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
