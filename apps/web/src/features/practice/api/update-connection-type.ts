import type { ConnectionType } from '@parlo/contract/constants';
import type { SessionConnectionBody } from '@parlo/contract/match';
import { apiClient } from '@/lib/api-client';

/** PUT /sessions/{id}/connection: how the call travels, told once when it connects (spec §7). */
export function updateConnectionType(sessionId: string, connectionType: ConnectionType) {
  const body: SessionConnectionBody = { connectionType };
  return apiClient.put<unknown>(
    `/api/v1/sessions/${encodeURIComponent(sessionId)}/connection`,
    body,
  );
}
