import type { CalibrationRating, CalibrationState } from '@parlo/contract/after-call';
import type { Session } from '@parlo/contract/sessions';
import { apiClient } from '@/lib/api-client';

const sessionPath = (id: string) => `/api/v1/sessions/${encodeURIComponent(id)}`;

/** GET /sessions/{id}: the call's technical data (its start, end and length). */
export function getSession(id: string) {
  return apiClient.get<Session>(sessionPath(id));
}

/** GET /sessions/{id}/calibration: whether the partner's speaking may still be rated. */
export function getCalibrationState(id: string) {
  return apiClient.get<CalibrationState>(`${sessionPath(id)}/calibration`);
}

/** POST /sessions/{id}/calibration: the one answer of this side of the call. */
export function rateCalibration(id: string, rating: CalibrationRating) {
  return apiClient.post<unknown>(`${sessionPath(id)}/calibration`, { rating });
}
