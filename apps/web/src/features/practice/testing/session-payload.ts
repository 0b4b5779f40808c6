import type { SessionCreatedPayload } from '@parlo/contract/realtime';

/** A session_created payload as the server sends it, starting at `startMs`. */
export function sessionPayload(
  overrides: Partial<SessionCreatedPayload> = {},
  startMs = Date.parse('2026-01-01T10:00:00Z'),
): SessionCreatedPayload {
  return {
    session: {
      id: 'session-1',
      startedAt: new Date(startMs).toISOString(),
      endedAt: null,
      durationSeconds: null,
      languageCode: 'es',
      user1Id: 'me',
      user2Id: 'peer-1',
      user1: { id: 'me', name: 'Me', country: 'BR', imageUrl: null },
      user2: { id: 'peer-1', name: 'Lucía', country: 'ES', imageUrl: null },
      initiator: true,
      endReason: null,
    },
    peerProfile: { id: 'peer-1', name: 'Lucía', country: 'ES', imageUrl: null, level: 'B1' },
    initiator: true,
    iceServers: [{ urls: 'stun:stun.example.org:3478' }],
    endsAt: new Date(startMs + 420_000).toISOString(),
    ...overrides,
  };
}
