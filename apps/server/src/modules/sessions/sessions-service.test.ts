import { describe, expect, it } from 'vitest';
import type { ParticipantRow, SessionRow } from './sessions-repo.ts';
import { createSessionsService } from './sessions-service.ts';

const person = (id: string, name: string): ParticipantRow => ({
  id,
  username: `${name.toLowerCase()}@example.com`,
  deletedAt: null,
  name,
  country: 'KR',
  imageUrl: 'https://provider.example/picture.png',
  profileImageUrl: null,
});

const ME = '11111111-1111-4111-8111-111111111111';
const PEER = '22222222-2222-4222-8222-222222222222';
const SESSION = '33333333-3333-4333-8333-333333333333';

function serviceWith(row: SessionRow) {
  const calls: string[] = [];
  const service = createSessionsService({
    sessionsRepo: {
      pageForUser: () =>
        Promise.resolve({
          account: { id: ME, status: 'active' as const, deletedAt: null },
          rows: [row],
          total: 1,
        }),
      findForUser: (id) => {
        calls.push(id);
        return Promise.resolve(id === row.id ? row : undefined);
      },
    },
    clock: { now: () => new Date() },
  });
  return { service, calls };
}

describe('sessions service', () => {
  it('lists a call that never connected at its creation time, without a duration', async () => {
    const createdAt = new Date('2026-01-01T10:00:00Z');
    const { service } = serviceWith({
      id: SESSION,
      languageCode: 'en',
      createdAt,
      startedAt: null,
      endedAt: new Date('2026-01-01T10:00:07Z'),
      endReason: 'connection_issue',
      user1: person(PEER, 'Peer'),
      user2: person(ME, 'Me'),
    });
    const { data } = await service.listSessions(ME, { page: 1, pageSize: 10 });
    expect(data[0]).toMatchObject({
      startedAt: createdAt.toISOString(),
      durationSeconds: null,
      initiator: false,
      user1: { id: PEER, name: 'Peer', imageUrl: 'https://provider.example/picture.png' },
    });
  });

  it('answers a malformed id with the same 404 as a missing one, without asking the database', async () => {
    const { service, calls } = serviceWith({
      id: SESSION,
      languageCode: 'en',
      createdAt: new Date(),
      startedAt: null,
      endedAt: null,
      endReason: null,
      user1: person(ME, 'Me'),
      user2: null,
    });
    await expect(service.getSession(ME, "1' or '1'='1")).rejects.toMatchObject({
      statusCode: 404,
      message: 'Session not found',
    });
    expect(calls).toEqual([]);
    await expect(service.getSession(ME, SESSION)).resolves.toMatchObject({
      user2Id: null,
      user2: { id: null, name: 'Deleted User' },
      initiator: true,
    });
  });
});
