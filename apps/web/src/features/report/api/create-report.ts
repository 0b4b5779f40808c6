import { useMutation } from '@tanstack/react-query';
import type { Report, ReportCreateInput } from '@parlo/contract/reports';
import { apiClient } from '@/lib/api-client';

/** Reports the partner of a session; a 429 is the daily cap, which the dialog explains itself. */
export function createReport(body: ReportCreateInput): Promise<Report> {
  return apiClient.post<Report>('/api/v1/reports', body, { rateLimitNotice: false });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
