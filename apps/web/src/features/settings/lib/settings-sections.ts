import { isRestricted, type UserStatus } from '@parlo/contract/account-status';

export const SETTINGS_SECTIONS = ['general', 'profile', 'languages'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Spec §6: a restricted account keeps only General, where it can still be deleted. */
export function visibleSections(status: UserStatus | undefined): readonly SettingsSection[] {
  return status && isRestricted(status) ? ['general'] : SETTINGS_SECTIONS;
}
