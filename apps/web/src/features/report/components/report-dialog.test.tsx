import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { ReportDialog } from '@/features/report/components/report-dialog';

const target = {
  reportedUserId: '0b7f6c1e-0000-4000-8000-000000000002',
  sessionId: '5a1d2c3b-0000-4000-8000-000000000003',
};

/** The dialog as the app layout shows it: open until it asks to close. */
function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reopen
      </button>
      <ReportDialog
        target={open ? target : null}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <Harness onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit report' });

/** Lets the fake clock run, with the promises it settles. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeAll(async () => {
  await initTestI18n(['common', 'report']);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ReportDialog', () => {
  it('asks for a reason in a labelled radio group before it can be submitted', () => {
    const post = vi.spyOn(apiClient, 'post');
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Report user' })).toBeTruthy();
    const group = screen.getByRole('radiogroup', { name: 'Why are you reporting this user?' });
    expect(group).toBeTruthy();
    const reasons = [
      'Nudity or sexual content',
      'Harassment or hate',
      'Spam or scam',
      'Something else',
    ];
    expect(screen.getAllByRole('radio')).toEqual(
      reasons.map((name) => screen.getByRole('radio', { name })),
    );
    expect(
      screen.getByRole('radio', { name: 'Spam or scam' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    // The first reason has the focus when the dialog opens.
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);
    expect(submitButton().disabled).toBe(true);
    fireEvent.submit(submitButton().closest('form')!);
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or scam' }));
    expect(submitButton().disabled).toBe(false);
  });

  it('sends the trimmed details, thanks for 1 s, then closes and starts afresh', async () => {
    vi.useFakeTimers();
    let resolve: (value: unknown) => void = () => {};
    const post = vi
      .spyOn(apiClient, 'post')
      .mockImplementation(() => new Promise((settle) => (resolve = settle)));
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Harassment or hate' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Details (optional)' }), {
      target: { value: '  kept insulting me  ' },
    });
    fireEvent.click(submitButton());
    await advance(0);
    expect(post).toHaveBeenCalledWith(
      '/api/v1/reports',
      { ...target, reason: 'harassment', comment: 'kept insulting me' },
      { rateLimitNotice: false },
    );
    const pending = screen.getByRole<HTMLButtonElement>('button', { name: 'Submitting…' });
    expect(pending.disabled).toBe(true);

    resolve({ id: 'r1', createdAt: '2025-06-20T12:00:00.000Z' });
    await advance(0);
    expect(screen.getByRole('status').textContent).toContain('Thanks for your report');
    expect(document.activeElement?.textContent).toBe('Thanks for your report');
    await advance(999);
    expect(onClose).not.toHaveBeenCalled();
    await advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(
      false,
    );
    expect(screen.getByRole<HTMLTextAreaElement>('textbox').value).toBe('');
    expect(submitButton().disabled).toBe(true);
  });

  it('sends no comment when the details are blank', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({ id: 'r1', createdAt: '' });
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(submitButton());
    await screen.findByRole('status');
    expect(post.mock.calls[0]![1]).toEqual({ ...target, reason: 'other', comment: null });
  });

  it('counts the details near the cap and refuses them past it', () => {
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or scam' }));
    const details = screen.getByRole('textbox');
    fireEvent.change(details, { target: { value: 'a'.repeat(800) } });
    expect(screen.queryByText('800/1000')).toBeNull();
    fireEvent.change(details, { target: { value: 'a'.repeat(1000) } });
    expect(screen.getByText('1000/1000')).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
    fireEvent.change(details, { target: { value: 'a'.repeat(1001) } });
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(submitButton().disabled).toBe(true);
  });

  it('explains the daily limit on a 429 and keeps the form', async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError(429, 'Too many requests', 'http', 429),
    );
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Nudity or sexual content' }));
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      "You've reached your daily report limit. You can report up to 3 users per day.",
    );
    expect(screen.getByRole('radio', { name: 'Nudity or sexual content' })).toHaveProperty(
      'checked',
      true,
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server message, or a fallback when there is none', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockRejectedValueOnce(
        new ApiError(409, 'You have already reported this session', 'http', 409),
      )
      .mockRejectedValueOnce(new ApiError(500, 'network_error', 'network'));
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or scam' }));
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already reported this session',
    );
    fireEvent.click(submitButton());
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to submit report'),
    );
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('closes on Escape without sending anything', () => {
    const post = vi.spyOn(apiClient, 'post');
    const { onClose } = renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});
