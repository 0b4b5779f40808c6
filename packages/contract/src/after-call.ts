import { z } from 'zod';
import { PROFICIENCY_LEVELS } from './constants.ts';
import { languageCodeSchema } from './match.ts';

/**
 * After the call (issue 22): peer level calibration and "when to find a partner". What a call
 * leaves on the device (the phrase pocket, the recap) never reaches the server, so it has no
 * schema here.
 */

/** A call must have lasted this long for its partner's speaking to be rated. */
export const CALIBRATION_MIN_CALL_MS = 2 * 60_000;
/** A call can be rated this long after it ended, not later. */
export const CALIBRATION_WINDOW_MS = 24 * 60 * 60_000;
/** Ratings from this many different partners before "partners rate your speaking" is shown. */
export const CALIBRATION_MIN_PARTNERS = 5;

export const CALIBRATION_RATINGS = ['below', 'about', 'above'] as const;
export type CalibrationRating = (typeof CALIBRATION_RATINGS)[number];

/** POST /sessions/{id}/calibration: "your partner's speaking felt below / about / above <level>". */
export const calibrationBodySchema = z.strictObject({
  rating: z.enum(CALIBRATION_RATINGS, { error: 'rating must be below, about or above' }),
});
export type CalibrationBody = z.infer<typeof calibrationBodySchema>;

/**
 * GET /sessions/{id}/calibration: whether the caller may still rate their partner in that call.
 * `open` (may answer), `answered` (already did), `ineligible` (too short, too old, not ended).
 */
export const CALIBRATION_STATES = ['open', 'answered', 'ineligible'] as const;
export const calibrationStateSchema = z.object({ state: z.enum(CALIBRATION_STATES) });
export type CalibrationState = z.infer<typeof calibrationStateSchema>;

/**
 * GET /users/me/calibration: per language the user learns, the level partners' ratings point to,
 * or null until ratings from CALIBRATION_MIN_PARTNERS different partners exist. Never a count per
 * rater, never who rated.
 */
export const calibratedLevelSchema = z.object({
  languageCode: languageCodeSchema,
  level: z.enum(PROFICIENCY_LEVELS),
  ratedLevel: z.enum(PROFICIENCY_LEVELS).nullable(),
});
export const calibrationSummarySchema = z.object({ data: z.array(calibratedLevelSchema) });
export type CalibrationSummary = z.infer<typeof calibrationSummarySchema>;

/** True when `zone` is an IANA time zone this runtime knows (Europe/Madrid, UTC, Asia/Seoul…). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** GET /search-activity?languageCode=es&tz=Europe/Madrid */
export const searchActivityQuerySchema = z.object({
  languageCode: languageCodeSchema,
  tz: z.string().refine(isTimeZone, { error: 'tz must be an IANA time zone' }),
});
export type SearchActivityQuery = z.infer<typeof searchActivityQuerySchema>;

/** How many searches an hour of the week saw, in bands so that no single learner shows. */
export const ACTIVITY_BUCKETS = ['0', '1-4', '5+'] as const;
export type ActivityBucket = (typeof ACTIVITY_BUCKETS)[number];
export const SEARCH_ACTIVITY_WEEKS = 4;

/**
 * The searches of the last SEARCH_ACTIVITY_WEEKS weeks for the user's language and level, summed
 * per hour of the week in `timeZone`. `cells[day][hour]`: day 0 is Monday, hour 0–23 local.
 */
export const searchActivitySchema = z.object({
  languageCode: languageCodeSchema,
  level: z.enum(PROFICIENCY_LEVELS),
  timeZone: z.string(),
  weeks: z.number().int(),
  cells: z.array(z.array(z.enum(ACTIVITY_BUCKETS)).length(24)).length(7),
});
export type SearchActivity = z.infer<typeof searchActivitySchema>;

export function activityBucket(count: number): ActivityBucket {
  if (count <= 0) return '0';
  return count < 5 ? '1-4' : '5+';
}
