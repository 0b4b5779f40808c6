import { z } from 'zod';

/**
 * An account's frame guard settings (issue 18), GET and PUT /api/v1/users/me/safety-settings.
 * `revealTogether`: the partner's video starts blurred until both tap Reveal. Always on for
 * 16–17-year-olds whatever is stored; adults choose (off until they do).
 */
export const safetySettingsSchema = z.strictObject({
  revealTogether: z.boolean({ error: 'revealTogether must be true or false' }),
});
export type SafetySettings = z.infer<typeof safetySettingsSchema>;

/** The age from which a user may turn reveal together off and unblur a flagged partner. */
export const SAFETY_ADULT_AGE = 18;
