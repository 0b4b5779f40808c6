import {
  CALIBRATION_MIN_CALL_MS,
  CALIBRATION_MIN_PARTNERS,
  CALIBRATION_WINDOW_MS,
} from '@parlo/contract/after-call';
import { PROFICIENCY_LEVELS, type ProficiencyLevel } from '@parlo/contract/constants';

export interface RateableSession {
  startedAt: Date | null;
  endedAt: Date | null;
}

/**
 * A call can be rated once it ended, if it connected and lasted CALIBRATION_MIN_CALL_MS (a
 * shorter call says too little about anyone's speaking), until CALIBRATION_WINDOW_MS after its end.
 */
export function isRateable(session: RateableSession, now: Date): boolean {
  const { startedAt, endedAt } = session;
  if (!startedAt || !endedAt) return false;
  if (endedAt.getTime() - startedAt.getTime() < CALIBRATION_MIN_CALL_MS) return false;
  return now.getTime() - endedAt.getTime() <= CALIBRATION_WINDOW_MS;
}

export interface LevelCounters {
  level: ProficiencyLevel;
  below: number;
  about: number;
  above: number;
  partners: number;
}

/**
 * The level partners' answers point to: the stated level moved by the mean answer (below −1,
 * about 0, above +1), rounded half away from zero, kept within A1–C2. Null until
 * CALIBRATION_MIN_PARTNERS different partners answered.
 */
export function ratedLevel(counters: LevelCounters): ProficiencyLevel | null {
  const { level, below, about, above, partners } = counters;
  const answers = below + about + above;
  if (partners < CALIBRATION_MIN_PARTNERS || answers === 0) return null;
  const mean = (above - below) / answers;
  const step = Math.sign(mean) * Math.round(Math.abs(mean));
  const index = PROFICIENCY_LEVELS.indexOf(level) + step;
  return PROFICIENCY_LEVELS[Math.min(PROFICIENCY_LEVELS.length - 1, Math.max(0, index))]!;
}
