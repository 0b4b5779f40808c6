import { z } from 'zod';
import { PROFICIENCY_LEVELS, PROVIDERS } from './constants.ts';

export const USER_STATUSES = ['active', 'unverified', 'temporarily_blocked', 'blocked'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const GENDERS = ['male', 'female', 'prefer_not_to_say'] as const;
export const genderSchema = z.enum(GENDERS);

export const proficiencyLevelSchema = z.enum(PROFICIENCY_LEVELS);

export const userLanguageSchema = z.object({
  id: z.string(),
  languageCode: z.string(),
  proficiencyLevel: proficiencyLevelSchema,
});
export type UserLanguage = z.infer<typeof userLanguageSchema>;

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  gender: genderSchema,
  country: z.string().length(2),
  dateOfBirth: z.string(),
  age: z.number().int(),
  imageUrl: z.string().nullable(),
  languageCode: z.string().nullable(),
  languages: z.array(userLanguageSchema),
});
export type Profile = z.infer<typeof profileSchema>;

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
