import { describe, expect, it } from 'vitest';
import { buildRecap, talkShares } from '@/features/session-ended/lib/recap';

describe('call recap maths', () => {
  it('splits talk time into whole percentages that add up to 100', () => {
    expect(talkShares(2_000, 1_000)).toEqual({ self: 67, partner: 33 });
    expect(talkShares(1, 2)).toEqual({ self: 33, partner: 67 });
    expect(talkShares(5, 5)).toEqual({ self: 50, partner: 50 });
    expect(talkShares(0, 4_000)).toEqual({ self: 0, partner: 100 });
    expect(talkShares(0, 0)).toBeNull();
    expect(talkShares(-5, 0)).toBeNull();
    for (const [a, b] of [
      [1, 1],
      [1, 6],
      [333, 667],
      [12_345, 54_321],
    ] as const) {
      const shares = talkShares(a, b)!;
      expect(shares.self + shares.partner).toBe(100);
    }
  });

  it('turns seconds into minutes and seconds, and leaves out what was not measured', () => {
    const recap = buildRecap({
      durationSeconds: 421.4,
      chat: { sent: 3, received: 2 },
      phrasesSaved: 4,
    });
    expect(recap).toEqual({
      duration: { minutes: 7, seconds: 1 },
      talkShares: null,
      cardsDone: null,
      signals: null,
      corrections: null,
      chatLines: { sent: 3, received: 2 },
      phrasesSaved: 4,
      empty: false,
    });
  });

  it('keeps every part it is given, never negative', () => {
    const recap = buildRecap({
      durationSeconds: 59,
      talk: { selfMs: 180_000, partnerMs: 120_000 },
      cardsDone: 2,
      signals: { given: 1, received: -3 },
      corrections: 0,
      phrasesSaved: 0,
    });
    expect(recap).toMatchObject({
      duration: { minutes: 0, seconds: 59 },
      talkShares: { self: 60, partner: 40 },
      cardsDone: 2,
      signals: { given: 1, received: 0 },
      corrections: 0,
      phrasesSaved: 0,
      empty: false,
    });
  });

  it('is empty when nothing is known', () => {
    expect(buildRecap({}).empty).toBe(true);
    expect(buildRecap({ durationSeconds: null, talk: { selfMs: 0, partnerMs: 0 } }).empty).toBe(
      true,
    );
    expect(buildRecap({ durationSeconds: Number.NaN }).duration).toBeNull();
  });
});
