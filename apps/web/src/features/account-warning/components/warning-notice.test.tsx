import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountWarning } from '@parlo/contract/warnings';
import { ApiError, apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { WarningNotice } from '@/features/account-warning/components/warning-notice';

const LIST_PATH = '/api/v1/users/me/warnings';
const acknowledgePath = (id: string) => `${LIST_PATH}/${id}/acknowledge`;

const oldest: AccountWarning = {
  id: 'w1',
  reason: 'You insulted your partner twice.\n<b>Please</b> keep it friendly.',
  issuedAt: '2026-03-02T12:00:00.000Z',
};
const newer: AccountWarning = {
  id: 'w2',
  reason: 'Do not share contact details in the chat.',
  issuedAt: '2026-04-15T12:00:00.000Z',
};

/**
 * A server holding the user's unacknowledged warnings: the list answers what is left, an
 * acknowledgement removes one. `acknowledge` may be replaced to delay or refuse it.
 */
function fakeServer(warnings: AccountWarning[]) {
  let left = [...warnings];
  const get = vi.spyOn(apiClient, 'get').mockImplementation((path) => {
    if (path !== LIST_PATH) throw new Error(`Unexpected GET ${path}`);
    return Promise.resolve({ data: left });
  });
  const post = vi.spyOn(apiClient, 'post').mockImplementation((path) => {
    const warning = left.find(({ id }) => path === acknowledgePath(id));
    if (!warning) return Promise.reject(new ApiError(404, 'Warning not found', 'http', 404));
    left = left.filter(({ id }) => id !== warning.id);
    return Promise.resolve(undefined);
  });
  return { get, post };
}

function renderNotice() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WarningNotice />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const findDialog = () => screen.findByRole('alertdialog', { name: 'A moderator has warned you' });
const acknowledgeButton = () => screen.getByRole('button', { name: 'I understand' });

beforeAll(async () => {
  await initTestI18n(['common', 'account-warning']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('WarningNotice', () => {
  it("shows the oldest warning's note as plain text, with the date it was given", async () => {
    const { get } = fakeServer([oldest, newer]);
    renderNotice();
    const dialog = await findDialog();
    expect(get).toHaveBeenCalledWith(LIST_PATH);
    expect(
      within(dialog).getByText(/A moderator reviewed your conduct in your sessions/),
    ).toBeTruthy();
    const quote = dialog.querySelector('blockquote');
    expect(quote?.textContent).toBe(oldest.reason);
    expect(quote?.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('Sent on March 2, 2026')).toBeTruthy();
    expect(within(dialog).queryByText(newer.reason)).toBeNull();
    expect(within(dialog).getByText(/your account can be blocked/)).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Terms of Service' }).getAttribute('href'),
    ).toBe('/legal/terms');
    // The focus moves into the dialog, onto its only action.
    expect(document.activeElement).toBe(acknowledgeButton());
  });

  it('acknowledges the warning shown, then shows the next one and closes after the last', async () => {
    const { post } = fakeServer([oldest, newer]);
    let answer: () => void = () => {};
    const serve = post.getMockImplementation()!;
    post.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => (answer = resolve));
      return serve(...args);
    });
    renderNotice();
    const dialog = await findDialog();

    await userEvent.click(acknowledgeButton());
    expect(post).toHaveBeenCalledWith(acknowledgePath('w1'));
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(busy);
    expect(post).toHaveBeenCalledTimes(1);

    answer();
    expect(await within(dialog).findByText(newer.reason)).toBeTruthy();
    expect(within(dialog).queryByText(/You insulted your partner/)).toBeNull();
    expect(within(dialog).getByText('Sent on April 15, 2026')).toBeTruthy();
    // Announced afresh rather than left on a button whose warning has changed.
    expect(document.activeElement).toBe(dialog);

    await userEvent.click(acknowledgeButton());
    expect(post).toHaveBeenLastCalledWith(acknowledgePath('w2'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps the warning and explains a failed acknowledgement, which can be retried', async () => {
    const { post } = fakeServer([oldest]);
    post
      .mockRejectedValueOnce(new ApiError(500, 'Internal Server Error', 'http', 500))
      .mockRejectedValueOnce(new ApiError(500, 'network_error', 'network'));
    renderNotice();
    const dialog = await findDialog();

    await userEvent.click(acknowledgeButton());
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Your answer couldn't be saved. Please try again.",
    );
    expect(dialog.querySelector('blockquote')?.textContent).toBe(oldest.reason);
    expect(acknowledgeButton().getAttribute('aria-disabled')).toBe('false');

    await userEvent.click(acknowledgeButton());
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        "Parlo couldn't be reached. Check your connection and try again.",
      ),
    );

    await userEvent.click(acknowledgeButton());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(post).toHaveBeenCalledTimes(3);
  });

  it('stays open on Escape and a click outside, and works from the keyboard alone', async () => {
    const { post } = fakeServer([oldest]);
    renderNotice();
    const dialog = await findDialog();
    const user = userEvent.setup();

    await user.keyboard('{Escape}');
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('alertdialog')).toBe(dialog);

    // The focus stays trapped between the Terms link and the button.
    const link = within(dialog).getByRole('link', { name: 'Terms of Service' });
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab();
    expect(document.activeElement).toBe(acknowledgeButton());
    expect(post).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(post).toHaveBeenCalledWith(acknowledgePath('w1'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows nothing when the user has no warning', async () => {
    const { get } = fakeServer([]);
    const { container } = renderNotice();
    await waitFor(() => expect(get).toHaveBeenCalledWith(LIST_PATH));
    await act(async () => {
      await get.mock.results[0]?.value;
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(container.innerHTML).toBe('');
  });
});
