import { z } from 'zod';
import { PROVIDERS } from './constants.ts';
import { USER_STATUSES } from './account-status.ts';
import { profileSchema } from './profiles.ts';

export { USER_STATUSES, isRestricted, type UserStatus } from './account-status.ts';
export const userStatusSchema = z.enum(USER_STATUSES);

// Re-exported from their own modules so existing imports keep working.
export { GENDERS, genderSchema, profileSchema, type Profile } from './profiles.ts';
export { proficiencyLevelSchema, userLanguageSchema, type UserLanguage } from './user-languages.ts';

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  status: userStatusSchema,
  blockedAt: z.string().nullable(),
  blockedUntil: z.string().nullable(),
  provider: z.enum(PROVIDERS),
  imageUrl: z.string().nullable(),
  profile: profileSchema.nullable(),
  referralId: z.string(),
});
export type User = z.infer<typeof userSchema>;
