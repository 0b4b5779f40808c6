import { describe, expect, it } from 'vitest';
import { MODERATION_NOTE_MAX_LENGTH } from '@parlo/contract/moderation';
import { actionBody, validateActionForm } from '@/features/moderation/lib/action-form';

const base = { note: '', durationHours: null, reportId: null };

describe('validateActionForm', () => {
  it('asks a warning for a note, and a blank note is no note', () => {
    expect(validateActionForm({ ...base, action: 'warn' })).toEqual({ note: 'note_required' });
    expect(validateActionForm({ ...base, action: 'warn', note: '   ' })).toEqual({
      note: 'note_required',
    });
    expect(validateActionForm({ ...base, action: 'warn', note: 'Rude twice' })).toEqual({});
  });

  it('asks a temporary block for its length, and nothing else for it', () => {
    expect(validateActionForm({ ...base, action: 'temporary_block' })).toEqual({
      duration: 'duration_required',
    });
    expect(validateActionForm({ ...base, action: 'temporary_block', durationHours: 24 })).toEqual(
      {},
    );
  });

  it('leaves the note optional elsewhere but never longer than the cap', () => {
    for (const action of ['dismiss', 'permanent_block', 'unblock'] as const) {
      expect(validateActionForm({ ...base, action })).toEqual({});
    }
    expect(
      validateActionForm({
        ...base,
        action: 'dismiss',
        note: 'x'.repeat(MODERATION_NOTE_MAX_LENGTH + 1),
      }),
    ).toEqual({ note: 'note_too_long' });
  });
});

describe('actionBody', () => {
  it('sends the trimmed note, the length only for a temporary block, and the report', () => {
    expect(
      actionBody({ action: 'temporary_block', note: ' spam ', durationHours: 72, reportId: 'r1' }),
    ).toEqual({ action: 'temporary_block', reason: 'spam', durationHours: 72, reportId: 'r1' });
    expect(actionBody({ action: 'unblock', note: '', durationHours: 72, reportId: null })).toEqual({
      action: 'unblock',
    });
  });
});
