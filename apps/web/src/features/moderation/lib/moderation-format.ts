const HOUR = 60 * 60;
const DAY_MS = 24 * HOUR * 1000;

/** A duration in seconds as its largest two units, for a session's technical data. */
export function durationParts(seconds: number): { minutes: number; seconds: number } {
  const whole = Math.max(0, Math.round(seconds));
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
}

/** Whole days an account has existed; a clock behind the server counts as day zero. */
export function accountAgeDays(createdAt: string, now: number): number {
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return 0;
  return Math.max(0, Math.floor((now - created) / DAY_MS));
}

/** A preset block length split into the unit the console shows it in. */
export function blockLength(hours: number): { unit: 'hours' | 'days'; count: number } {
  return hours >= 72 && hours % 24 === 0
    ? { unit: 'days', count: hours / 24 }
    : { unit: 'hours', count: hours };
}
