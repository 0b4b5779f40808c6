import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalibrationSummary } from '@parlo/contract/after-call';
import { apiClient } from '@/lib/api-client';

/** GET /users/me/calibration: the level partners rate the user's speaking at, per language. */
export function getCalibration(): Promise<CalibrationSummary> {
  return apiClient.get<CalibrationSummary>('/api/v1/users/me/calibration');
}

/** Changes at most once per rated call: read once per visit. */
export function calibrationQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'me', 'calibration'],
    queryFn: getCalibration,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useCalibration() {
  return useQuery(calibrationQueryOptions());
}
