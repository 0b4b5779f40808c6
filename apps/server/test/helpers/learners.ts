import { randomBytes } from 'node:crypto';
import type { ProficiencyLevel } from '@parlo/contract/constants';
import type { Database } from '../../src/db/client.ts';
import { profiles, userLanguages } from '../../src/db/tables/users.ts';
import { createAuthRepo } from '../../src/modules/auth/auth-repo.ts';

export interface LearnerOptions {
  level?: ProficiencyLevel;
  dateOfBirth?: string;
  languageCode?: string;
  /** false: an account just signed up, with no profile or language yet. */
  profile?: boolean;
}

/**
 * A Google account made as sign-up makes it, with (unless `profile: false`) an adult profile in
 * Korea and one language at a level: a learner ready to search. Answers the user id.
 */
export async function createLearner(
  db: Database,
  now: Date,
  options: LearnerOptions = {},
): Promise<string> {
  const subject = randomBytes(6).toString('hex');
  const created = await createAuthRepo(db).createAccount({
    provider: 'google',
    providerSubject: subject,
    username: `${subject}@example.com`,
    email: `${subject}@example.com`,
    emailVerified: true,
    referralId: subject.toUpperCase(),
    referralCode: null,
    now,
  });
  if (!created) throw new Error('referral id clash');
  if (options.profile === false) return created.id;
  const languageCode = options.languageCode ?? 'en';
  await db.insert(userLanguages).values({
    userId: created.id,
    languageCode,
    proficiencyLevel: options.level ?? 'B1',
  });
  await db.insert(profiles).values({
    userId: created.id,
    name: `User ${subject}`,
    gender: 'prefer_not_to_say',
    country: 'KR',
    dateOfBirth: options.dateOfBirth ?? '1995-03-04',
    currentLanguageCode: languageCode,
  });
  return created.id;
}
