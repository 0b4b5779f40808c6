import type { FrameFlag, FrameFlagBody } from '@parlo/contract/frame-flags';
import { apiClient } from '@/lib/api-client';

/** Sends the server a flag's score (never a frame); a 429 is the guard's own cap, shown nowhere. */
export function sendFrameFlag(body: FrameFlagBody): Promise<FrameFlag> {
  return apiClient.post<FrameFlag>('/api/v1/frame-flags', body, { rateLimitNotice: false });
}
