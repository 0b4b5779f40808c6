import type { SafetySettings } from '@parlo/contract/safety-settings';
import { apiClient } from '@/lib/api-client';

// The frame guard's account setting (issue 18): read by the call page, changed in settings.
export const safetySettingsQueryKey = ['users', 'me', 'safety-settings'] as const;

export function getSafetySettings(): Promise<SafetySettings> {
  return apiClient.get<SafetySettings>('/api/v1/users/me/safety-settings');
}

export function updateSafetySettings(body: SafetySettings): Promise<SafetySettings> {
  return apiClient.put<SafetySettings>('/api/v1/users/me/safety-settings', body);
}
