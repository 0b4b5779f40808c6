import { describe, expect, it } from 'vitest';
import { relativeTime } from '@/features/dashboard/lib/relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    ['a moment ago', ago(0)],
    ['59 minutes ago', ago(59 * MINUTE)],
    ['a time ahead of the clock', ago(-5 * MINUTE)],
  ])('says just now for %s', (_label, date) => {
    expect(relativeTime(date, now)).toEqual({ key: 'just_now' });
  });

  it('counts whole hours from one hour until a day', () => {
    expect(relativeTime(ago(HOUR), now)).toEqual({ key: 'hours_ago', count: 1 });
    expect(relativeTime(ago(5 * HOUR + 59 * MINUTE), now)).toEqual({ key: 'hours_ago', count: 5 });
    expect(relativeTime(ago(DAY - 1), now)).toEqual({ key: 'hours_ago', count: 23 });
  });

  it('says yesterday for the second day', () => {
    expect(relativeTime(ago(DAY), now)).toEqual({ key: 'yesterday' });
    expect(relativeTime(ago(2 * DAY - 1), now)).toEqual({ key: 'yesterday' });
  });

  it('counts whole days after that', () => {
    expect(relativeTime(ago(2 * DAY), now)).toEqual({ key: 'days_ago', count: 2 });
    expect(relativeTime(ago(40 * DAY + 3 * HOUR), now)).toEqual({ key: 'days_ago', count: 40 });
  });

  it('treats an unparsable date as just now rather than NaN days', () => {
    expect(relativeTime(new Date('not a date'), now)).toEqual({ key: 'just_now' });
  });
});
