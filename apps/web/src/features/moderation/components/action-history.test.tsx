import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationAction } from '@parlo/contract/moderation';
import { initTestI18n } from '@/testing/test-i18n';
import { ActionHistory } from '@/features/moderation/components/action-history';

function action(overrides: Partial<ModerationAction>): ModerationAction {
  return {
    id: 'a1',
    userId: 'user-bo',
    action: 'warn',
    reason: 'Be kind to your partners.',
    blockedUntil: null,
    reportId: null,
    moderator: { id: 'm1', name: 'Mo' },
    createdAt: '2026-03-03T09:00:00.000Z',
    acknowledgedAt: null,
    ...overrides,
  };
}

beforeAll(async () => {
  await initTestI18n(['common', 'moderation']);
});
afterEach(cleanup);

describe('ActionHistory', () => {
  it('tells whether the warned user has acknowledged each warning, and when', () => {
    render(
      <ActionHistory
        actions={[
          action({ id: 'seen', acknowledgedAt: '2026-03-04T10:30:00.000Z' }),
          action({ id: 'unseen', reason: 'Second warning.' }),
        ]}
      />,
    );
    const [seen, unseen] = screen.getAllByRole('listitem');
    const seenAt = within(seen!).getByText(/^Seen and acknowledged by the user on /);
    expect(seenAt.tagName).toBe('TIME');
    expect(seenAt.getAttribute('datetime')).toBe('2026-03-04T10:30:00.000Z');
    expect(seenAt.textContent).toContain('2026');
    expect(within(seen!).queryByText('Not yet acknowledged by the user')).toBeNull();
    expect(within(unseen!).getByText('Not yet acknowledged by the user')).toBeTruthy();
    expect(within(unseen!).queryByText(/^Seen and acknowledged/)).toBeNull();
  });

  it('says nothing of acknowledgement for actions other than warnings', () => {
    render(
      <ActionHistory
        actions={[
          action({ id: 'b', action: 'permanent_block', reason: 'Threats' }),
          action({ id: 'u', action: 'unblock', reason: null }),
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/acknowledged/)).toBeNull();
  });
});
