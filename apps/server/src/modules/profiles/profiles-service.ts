import {
  ageOn,
  type CreateProfileBody,
  type Profile,
  type UpdateProfileBody,
} from '@parlo/contract/profiles';
import type { Clock } from '../../lib/clock.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { ProfileRecord, ProfilesRepo } from './profiles-repo.ts';

export interface ProfilesService {
  /** The profile, or null before onboarding created it. */
  findProfile(userId: string): Promise<Profile | null>;
  getProfile(userId: string): Promise<Profile>;
  createProfile(userId: string, body: CreateProfileBody): Promise<Profile>;
  updateProfile(userId: string, body: UpdateProfileBody): Promise<Profile>;
}

const PROFILE_NOT_FOUND = 'Profile not found';

/** The profile as the API shows it, its age counted on `now`. */
export function profileFromRecord(record: ProfileRecord, now: Date): Profile {
  const dateOfBirth = `${record.dateOfBirth}T00:00:00.000Z`;
  return {
    id: record.userId,
    name: record.name,
    gender: record.gender,
    country: record.country,
    dateOfBirth,
    age: ageOn(dateOfBirth, now),
    imageUrl: record.imageUrl,
    languageCode: record.currentLanguageCode,
    languages: record.languages,
  };
}

export function createProfilesService(deps: {
  profilesRepo: ProfilesRepo;
  clock: Clock;
}): ProfilesService {
  const { profilesRepo, clock } = deps;
  const toProfile = (record: ProfileRecord) => profileFromRecord(record, clock.now());

  async function findProfile(userId: string) {
    const record = await profilesRepo.findProfile(userId);
    return record ? toProfile(record) : null;
  }

  async function getProfile(userId: string) {
    const profile = await findProfile(userId);
    if (!profile) throw new NotFoundError(PROFILE_NOT_FOUND);
    return profile;
  }

  return {
    findProfile,
    getProfile,

    async createProfile(userId, body) {
      const created = await profilesRepo.createProfile(userId, {
        name: body.name,
        gender: body.gender,
        country: body.country,
        // The schema accepted only a UTC-midnight timestamp, so its date part is the birth date.
        dateOfBirth: body.dateOfBirth.slice(0, 10),
        now: clock.now(),
      });
      if (!created) throw new ConflictError('Profile already exists');
      return getProfile(userId);
    },

    async updateProfile(userId, body) {
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.gender !== undefined ? { gender: body.gender } : {}),
        ...(body.country !== undefined ? { country: body.country } : {}),
      };
      const updated = await profilesRepo.updateProfile(userId, changes, clock.now());
      if (!updated) throw new NotFoundError(PROFILE_NOT_FOUND);
      return getProfile(userId);
    },
  };
}
