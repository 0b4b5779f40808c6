import { SESSION_LENGTH_SECONDS, SESSION_TIMER_EMPHASIS_SECONDS } from '@parlo/contract/constants';

/** Whole seconds left until `endsAtMs`, never below 0 nor above the session length. */
export function secondsLeft(endsAtMs: number, nowMs: number): number {
  if (!Number.isFinite(endsAtMs)) return SESSION_LENGTH_SECONDS;
  const left = Math.ceil((endsAtMs - nowMs) / 1000);
  return Math.min(SESSION_LENGTH_SECONDS, Math.max(0, left));
}

/** The countdown as mm:ss. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(safe / 60);
  return `${String(minutes).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}

/** Spec §9: the timer is emphasised under 30 s. */
export function isEmphasised(seconds: number): boolean {
  return seconds < SESSION_TIMER_EMPHASIS_SECONDS;
}
