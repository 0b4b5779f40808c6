import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModerationAction, ModerationActionType } from '@parlo/contract/moderation';
import { ApiError, apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { ActionDialog } from '@/features/moderation/components/action-dialog';

const REPORT_ID = '5b1f0c1e-8d4a-4a7e-9d33-1f0b8c2a1e01';

function recorded(action: ModerationActionType): ModerationAction {
  return {
    id: 'a1',
    userId: 'user-bo',
    action,
    reason: null,
    blockedUntil: null,
    reportId: REPORT_ID,
    moderator: { id: 'm1', name: 'Mo' },
    createdAt: '2026-03-03T09:00:00.000Z',
    acknowledgedAt: null,
  };
}

function renderDialog(action: ModerationActionType) {
  const post = vi.spyOn(apiClient, 'post').mockResolvedValue(recorded(action));
  const onClose = vi.fn();
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ActionDialog
        target={{ action, user: { id: 'user-bo', name: 'Bo Jensen' }, reportId: REPORT_ID }}
        onClose={onClose}
        onDone={onDone}
      />
    </QueryClientProvider>,
  );
  return { post, onClose, onDone, dialog: within(screen.getByRole('dialog')) };
}

beforeAll(async () => {
  await initTestI18n(['common', 'moderation']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ActionDialog', () => {
  it('refuses a warning without a note, then sends it with one', async () => {
    const { post, dialog, onDone, onClose } = renderDialog('warn');
    expect(dialog.getByRole('heading', { name: 'Warn Bo Jensen' })).toBeTruthy();
    const note = dialog.getByRole('textbox', { name: 'Note' });
    // The warned user reads the note, so the hint says so.
    const hint = dialog.getByText(
      'Required. Bo Jensen sees this note with the warning, so write it for them: what went wrong and what has to change.',
    );
    expect(note.getAttribute('aria-describedby')).toBe(hint.id);
    await userEvent.click(dialog.getByRole('button', { name: 'Warn' }));
    expect(post).not.toHaveBeenCalled();
    expect(dialog.getByText('A warning needs a note.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);

    await userEvent.type(note, 'Insults in two sessions');
    await userEvent.click(dialog.getByRole('button', { name: 'Warn' }));
    expect(post).toHaveBeenCalledWith('/api/v1/moderation/users/user-bo/actions', {
      action: 'warn',
      reason: 'Insults in two sessions',
      reportId: REPORT_ID,
    });
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  it('confirms a recorded action even when the dialog is gone before the answer came', async () => {
    let answer: (action: ModerationAction) => void = () => {};
    const { post, dialog, onDone } = renderDialog('warn');
    post.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Note' }), 'Insults');
    await userEvent.click(dialog.getByRole('button', { name: 'Warn' }));
    expect(post).toHaveBeenCalled();
    // The queue refetched meanwhile and dropped the report, its card and the dialog with it.
    cleanup();
    answer(recorded('warn'));
    await vi.waitFor(() =>
      expect(onDone).toHaveBeenCalledWith(recorded('warn'), expect.anything()),
    );
  });

  it('refuses a temporary block without a length and focuses the presets', async () => {
    const { post, dialog } = renderDialog('temporary_block');
    await userEvent.click(dialog.getByRole('button', { name: 'Block' }));
    expect(post).not.toHaveBeenCalled();
    expect(dialog.getByText('Choose how long the block lasts.')).toBeTruthy();
    const group = dialog.getByRole('radiogroup', { name: 'How long' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['1 hour', '24 hours', '3 days', '7 days', '30 days']);
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: '1 hour' }));

    // jsdom lacks what user-event needs to walk radios with arrows; the browser does it natively.
    await userEvent.click(within(group).getByRole('radio', { name: '24 hours' }));
    expect(within(group).getByRole('radio', { name: '24 hours' })).toHaveProperty('checked', true);
    expect(dialog.queryByText('Choose how long the block lasts.')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Block' }));
    expect(post).toHaveBeenCalledWith('/api/v1/moderation/users/user-bo/actions', {
      action: 'temporary_block',
      durationHours: 24,
      reportId: REPORT_ID,
    });
  });

  it('asks before a permanent block, with the note optional', async () => {
    const { post, dialog } = renderDialog('permanent_block');
    expect(dialog.getByRole('heading', { name: 'Block Bo Jensen permanently?' })).toBeTruthy();
    expect(dialog.getByText(/loses access to Parlo for good/)).toBeTruthy();
    expect(dialog.getByText('Optional. Only moderators see it.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Block permanently' }));
    expect(post).toHaveBeenCalledWith('/api/v1/moderation/users/user-bo/actions', {
      action: 'permanent_block',
      reportId: REPORT_ID,
    });
  });

  it('closes on Escape without acting', async () => {
    const { post, onClose } = renderDialog('unblock');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it('explains a refusal and stays open', async () => {
    const { post, dialog, onDone } = renderDialog('dismiss');
    post.mockRejectedValueOnce(new ApiError('conflict', 'Report already closed', 'http', 409));
    await userEvent.click(dialog.getByRole('button', { name: 'Dismiss report' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Someone else already dealt with this. The page has been refreshed.',
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
