import type { FrameFlag, FrameFlagBody } from '@parlo/contract/frame-flags';
import type { SafetySettings } from '@parlo/contract/safety-settings';
import { apiClient } from '@/lib/api-client';

/** Sends the server a flag's score (never a frame); a 429 is the guard's own cap, shown nowhere. */
export function sendFrameFlag(body: FrameFlagBody): Promise<FrameFlag> {
  return apiClient.post<FrameFlag>('/api/v1/frame-flags', body, { rateLimitNotice: false });
}

export const safetySettingsQueryKey = ['users', 'me', 'safety-settings'] as const;

export function getSafetySettings(): Promise<SafetySettings> {
  return apiClient.get<SafetySettings>('/api/v1/users/me/safety-settings');
}

export function updateSafetySettings(body: SafetySettings): Promise<SafetySettings> {
  return apiClient.put<SafetySettings>('/api/v1/users/me/safety-settings', body);
}
