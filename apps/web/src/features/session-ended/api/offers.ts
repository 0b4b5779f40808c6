import type { OfferCreateBody } from '@parlo/contract/match';
import type { SessionOffer } from '@parlo/contract/realtime';
import { apiClient } from '@/lib/api-client';

// The four continue-offer calls of spec §7. Their 429 is the no-tokens state this page shows
// itself, not the app-wide rate-limit notice.
const quiet = { rateLimitNotice: false } as const;
const offerPath = (id: string) => `/api/v1/match/offers/${encodeURIComponent(id)}`;

/** POST /match/offers: ask the last partner to continue. */
export function createOffer(body: OfferCreateBody) {
  return apiClient.post<SessionOffer>('/api/v1/match/offers', body, quiet);
}

/** DELETE /match/offers/{id}/cancel: withdraw a pending offer. */
export function cancelOffer(id: string) {
  return apiClient.delete<unknown>(`${offerPath(id)}/cancel`, quiet);
}

/** POST /match/offers/{id}/accept: the new session arrives as session_created on the socket. */
export function acceptOffer(id: string) {
  return apiClient.post<unknown>(`${offerPath(id)}/accept`, undefined, quiet);
}

/** POST /match/offers/{id}/decline. */
export function declineOffer(id: string) {
  return apiClient.post<unknown>(`${offerPath(id)}/decline`, undefined, quiet);
}
