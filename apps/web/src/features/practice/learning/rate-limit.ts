/**
 * A sliding-window limit on taps: at most `max` within `windowMs`, and never two closer than
 * `minGapMs`. Used for repair signals on both ends: the sender cannot spam, and a receiver shows
 * no more than the limit even from a modified client.
 */
export class RateLimiter {
  readonly #times: number[] = [];

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly minGapMs: number,
  ) {}

  /** Whether an event at `now` is allowed; an allowed one is recorded. */
  tryTake(now: number): boolean {
    while (this.#times.length > 0 && now - (this.#times[0] as number) >= this.windowMs) {
      this.#times.shift();
    }
    const last = this.#times.at(-1);
    if (last !== undefined && now - last < this.minGapMs) return false;
    if (this.#times.length >= this.max) return false;
    this.#times.push(now);
    return true;
  }

  /** When the next event would be allowed (now, if it would be). */
  nextAllowedAt(now: number): number {
    const last = this.#times.at(-1);
    const afterGap = last === undefined ? now : last + this.minGapMs;
    const recent = this.#times.filter((time) => now - time < this.windowMs);
    const afterWindow =
      recent.length >= this.max
        ? (recent[recent.length - this.max] as number) + this.windowMs
        : now;
    return Math.max(now, afterGap, afterWindow);
  }
}
