import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from './rate-limit';
import {
  RepairSignals,
  SIGNAL_MAX_PER_WINDOW,
  SIGNAL_MIN_GAP_MS,
  SIGNAL_NOTICE_MS,
  SIGNAL_WINDOW_MS,
} from './repair-signals';
import { linkedChannels } from './testing-link';

describe('RateLimiter', () => {
  it('keeps a minimum gap and a maximum per window', () => {
    const limit = new RateLimiter(3, 10_000, 1_000);
    expect(limit.tryTake(0)).toBe(true);
    expect(limit.tryTake(500)).toBe(false);
    expect(limit.nextAllowedAt(500)).toBe(1_000);
    expect(limit.tryTake(1_000)).toBe(true);
    expect(limit.tryTake(2_000)).toBe(true);
    expect(limit.tryTake(3_000)).toBe(false);
    expect(limit.nextAllowedAt(3_000)).toBe(10_000);
    expect(limit.tryTake(9_999)).toBe(false);
    expect(limit.tryTake(10_000)).toBe(true);
  });
});

describe('RepairSignals', () => {
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
  });
  afterEach(() => vi.useRealTimers());

  function pair() {
    const link = linkedChannels();
    const sound = vi.fn();
    const sender = new RepairSignals(link.a, { playSound: vi.fn(), now: () => now });
    const receiver = new RepairSignals(link.b, { playSound: sound, now: () => now });
    sender.start();
    receiver.start();
    link.open();
    return { link, sender, receiver, sound };
  }

  it('shows the partner a notice of the kind, with a sound, that hides by itself', () => {
    const { sender, receiver, sound, link } = pair();
    expect(sender.send('slower')).toBe(true);
    expect(JSON.parse(link.wireA.sent[0]!)).toEqual({ type: 'repair_signal', kind: 'slower' });
    expect(receiver.getSnapshot().notice).toMatchObject({ kind: 'slower' });
    expect(sound).toHaveBeenCalledTimes(1);
    expect(sender.getSnapshot().given.slower).toBe(1);
    expect(receiver.getSnapshot().received.slower).toBe(1);
    vi.advanceTimersByTime(SIGNAL_NOTICE_MS);
    expect(receiver.getSnapshot().notice).toBeNull();
  });

  it('refuses a tap inside the gap, and more than the limit per window', () => {
    const { sender, receiver } = pair();
    expect(sender.send('repeat')).toBe(true);
    expect(sender.getSnapshot().blockedUntil).toBe(now + SIGNAL_MIN_GAP_MS);
    expect(sender.send('repeat')).toBe(false);
    vi.advanceTimersByTime(SIGNAL_MIN_GAP_MS);
    expect(sender.getSnapshot().blockedUntil).toBe(0);
    let sent = 1;
    for (let i = 0; i < 8; i += 1) {
      now += SIGNAL_MIN_GAP_MS;
      vi.advanceTimersByTime(SIGNAL_MIN_GAP_MS);
      if (sender.send('meaning')) sent += 1;
    }
    expect(sent).toBe(SIGNAL_MAX_PER_WINDOW);
    expect(receiver.getSnapshot().received.meaning + receiver.getSnapshot().received.repeat).toBe(
      SIGNAL_MAX_PER_WINDOW,
    );
    now += SIGNAL_WINDOW_MS;
    vi.advanceTimersByTime(SIGNAL_WINDOW_MS);
    expect(sender.send('type_it')).toBe(true);
  });

  it('limits what it shows even when a modified client floods it', () => {
    const { link, receiver, sound } = pair();
    for (let i = 0; i < 50; i += 1) {
      link.wireB.receive(JSON.stringify({ type: 'repair_signal', kind: 'repeat' }));
    }
    expect(receiver.getSnapshot().received.repeat).toBe(1);
    expect(sound).toHaveBeenCalledTimes(1);
  });

  it('sends nothing before the channel opens', () => {
    const link = linkedChannels();
    const sender = new RepairSignals(link.a, { playSound: vi.fn(), now: () => now });
    expect(sender.send('slower')).toBe(false);
    expect(sender.getSnapshot().given.slower).toBe(0);
  });
});
