import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionCreatedPayload } from '@parlo/contract/realtime';
import { useLiveSession } from '@/lib/session/live-session-store';

const payload = { session: { id: 's1' }, initiator: true } as unknown as SessionCreatedPayload;

afterEach(() => {
  useLiveSession.getState().reset();
  vi.useRealTimers();
});

describe('useLiveSession', () => {
  it('moves the live call to ended once, with the reason and time', () => {
    vi.useFakeTimers();
    vi.setSystemTime(5_000);
    useLiveSession.getState().start(payload);
    expect(useLiveSession.getState().live).toBe(payload);
    useLiveSession.getState().end('self_ended');
    useLiveSession.getState().end('user_ended');
    expect(useLiveSession.getState()).toMatchObject({
      live: null,
      ended: { payload, reason: 'self_ended', endedAt: 5_000 },
    });
  });

  it('starting a call forgets the ended one; ending without a call does nothing', () => {
    useLiveSession.getState().end('user_ended');
    expect(useLiveSession.getState().ended).toBeNull();
    useLiveSession.getState().start(payload);
    useLiveSession.getState().end('time_limit_reached');
    useLiveSession.getState().start(payload);
    expect(useLiveSession.getState().ended).toBeNull();
  });

  it('keeps a server end only for the live session, and forgets it with the next call', () => {
    useLiveSession.getState().noteServerEnd('s1', 'user_ended');
    expect(useLiveSession.getState().serverEnd).toBeNull();
    useLiveSession.getState().start(payload);
    useLiveSession.getState().noteServerEnd('other', 'user_ended');
    expect(useLiveSession.getState().serverEnd).toBeNull();
    useLiveSession.getState().noteServerEnd('s1', 'connection_issue');
    expect(useLiveSession.getState().serverEnd).toEqual({
      sessionId: 's1',
      reason: 'connection_issue',
    });
    useLiveSession.getState().start(payload);
    expect(useLiveSession.getState().serverEnd).toBeNull();
  });
});
