const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type RelativeTime =
  | { key: 'just_now' }
  | { key: 'hours_ago'; count: number }
  | { key: 'yesterday' }
  | { key: 'days_ago'; count: number };

/**
 * How long ago something happened (spec §9): under an hour 'just now', under a day whole hours,
 * then 'yesterday' for the second day and whole days after that. A time ahead of the clock (a
 * skewed device) counts as just now.
 */
export function relativeTime(date: Date, now: Date): RelativeTime {
  const elapsed = now.getTime() - date.getTime();
  if (!(elapsed >= HOUR_MS)) return { key: 'just_now' };
  if (elapsed < DAY_MS) return { key: 'hours_ago', count: Math.floor(elapsed / HOUR_MS) };
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? { key: 'yesterday' } : { key: 'days_ago', count: days };
}
