import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallSession } from '@/features/practice/lib/call-session';
import {
  asPeerConnection,
  fakeStream,
  FakePeerConnection,
} from '@/features/practice/testing/fake-webrtc';
import { createFakeSocket } from '@/features/practice/testing/fake-socket';
import { sessionPayload } from '@/features/practice/testing/session-payload';
import { CallLearning, NUDGE_AT_SECONDS_LEFT } from './call-learning';
import { callLearningLog } from '@/lib/session/call-learning-log';
import { NUDGE_MIN_SPEAKING_MS } from './talk-balance';

const START = Date.parse('2026-01-01T10:00:00Z');

async function setup() {
  const call = new CallSession(sessionPayload({ initiator: true }), {
    socket: createFakeSocket(),
    getUserMedia: () => Promise.resolve(fakeStream() as unknown as MediaStream),
    createPeerConnection: asPeerConnection,
    reportConnectionType: () => Promise.resolve(),
    playSound: vi.fn(),
    onEnded: vi.fn(),
    now: () => Date.now(),
  });
  // No Web Audio here: the meter stays at zero and the test feeds its tally directly.
  const learning = new CallLearning(call, { playSignalSound: vi.fn() });
  learning.start();
  await call.start();
  FakePeerConnection.instances.at(-1)!.setConnectionState('connected');
  await vi.advanceTimersByTimeAsync(0);
  return { call, learning };
}

beforeEach(() => {
  FakePeerConnection.instances = [];
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('CallLearning', () => {
  it('starts the call’s log with its session, language and level', async () => {
    const { call } = await setup();
    const log = callLearningLog.getSnapshot();
    expect(log.sessionId).toBe(call.sessionId);
    expect(log.languageCode).toBe(call.payload.session.languageCode);
    expect(log.level).toBe(call.payload.peerProfile.level);
    expect(log.cardsDone.count).toBe(1);
    expect(log.endedAt).toBeNull();
  });

  it('nudges the side past 70 % at half time, with the card on screen', async () => {
    const { learning } = await setup();
    learning.meter.tally.add('me', true, false, NUDGE_MIN_SPEAKING_MS);
    learning.deck.next();
    await vi.advanceTimersByTimeAsync((420 - NUDGE_AT_SECONDS_LEFT - 1) * 1000);
    expect(learning.getSnapshot().nudge).toBeNull();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(learning.getSnapshot().nudge).toBe(learning.deck.current());
    learning.dismissNudge();
    expect(learning.getSnapshot().nudge).toBeNull();
  });

  it('does not nudge a balanced conversation', async () => {
    const { learning } = await setup();
    learning.meter.tally.add('me', true, false, NUDGE_MIN_SPEAKING_MS);
    learning.meter.tally.add('partner', true, false, NUDGE_MIN_SPEAKING_MS);
    await vi.advanceTimersByTimeAsync((420 - NUDGE_AT_SECONDS_LEFT + 1) * 1000);
    expect(learning.getSnapshot().nudge).toBeNull();
  });

  it('keeps the final figures in the log when the call ends', async () => {
    const { call, learning } = await setup();
    learning.deck.next();
    learning.deck.next();
    call.endSelf();
    const log = callLearningLog.getSnapshot();
    expect(log.cardsDone.count).toBe(3);
    expect(log.cardsDone.ids).toEqual(learning.deck.getSnapshot().seen);
    expect(log.endedAt).toBe(START);
    // Stopped: later moves no longer reach the log.
    learning.deck.next();
    expect(callLearningLog.getSnapshot().cardsDone.count).toBe(3);
  });
});
