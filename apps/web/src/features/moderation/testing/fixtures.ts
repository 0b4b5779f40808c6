import type {
  ModerationPerson,
  ModerationReport,
  ModerationReportsPage,
} from '@parlo/contract/moderation';

const DAY_MS = 24 * 60 * 60 * 1000;

export function personOf(overrides: Partial<ModerationPerson> = {}): ModerationPerson {
  return {
    id: 'user-bo',
    name: 'Bo Jensen',
    country: 'DK',
    createdAt: new Date(Date.now() - 12 * DAY_MS - 60_000).toISOString(),
    status: 'active',
    blockedUntil: null,
    reportsTotal: 4,
    reportsLast7Days: 2,
    escalatedAt: null,
    ...overrides,
  };
}

export function reportOf(overrides: Partial<ModerationReport> = {}): ModerationReport {
  return {
    id: '5b1f0c1e-8d4a-4a7e-9d33-1f0b8c2a1e01',
    reason: 'harassment',
    comment: 'Kept insulting me after I asked to stop.',
    status: 'open',
    createdAt: '2026-03-02T10:15:00.000Z',
    reviewedAt: null,
    reporter: personOf({
      id: 'user-ana',
      name: 'Ana Lima',
      country: 'BR',
      createdAt: new Date(Date.now() - 300 * DAY_MS).toISOString(),
      reportsTotal: 0,
      reportsLast7Days: 0,
    }),
    reported: personOf(),
    session: {
      id: 'session-1',
      startedAt: '2026-03-02T10:00:00.000Z',
      endedAt: '2026-03-02T10:04:05.000Z',
      durationSeconds: 245,
      endReason: 'user_reported',
    },
    ...overrides,
  };
}

export function pageOf(
  items: ModerationReport[],
  nextCursor: string | null = null,
): ModerationReportsPage {
  return { items, nextCursor };
}
