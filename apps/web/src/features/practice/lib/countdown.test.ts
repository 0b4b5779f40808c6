import { describe, expect, it } from 'vitest';
import { formatCountdown, isEmphasised, secondsLeft } from '@/features/practice/lib/countdown';

describe('countdown', () => {
  it('counts whole seconds left until endsAt, clamped to 0–420', () => {
    expect(secondsLeft(420_000, 0)).toBe(420);
    expect(secondsLeft(420_000, 500)).toBe(420);
    expect(secondsLeft(420_000, 1_000)).toBe(419);
    expect(secondsLeft(420_000, 419_001)).toBe(1);
    expect(secondsLeft(420_000, 500_000)).toBe(0);
    expect(secondsLeft(10_000_000, 0)).toBe(420);
    expect(secondsLeft(Number.NaN, 0)).toBe(420);
  });

  it('formats mm:ss and emphasises under 30 s', () => {
    expect(formatCountdown(420)).toBe('07:00');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(isEmphasised(30)).toBe(false);
    expect(isEmphasised(29)).toBe(true);
  });
});
