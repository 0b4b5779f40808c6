import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModerationHeldUsers } from '@parlo/contract/frame-flags';
import type { ModerationReportsPage } from '@parlo/contract/moderation';
import { ApiError, apiClient } from '@/lib/api-client';
import { initTestI18n } from '@/testing/test-i18n';
import { ModerationQueuePage } from '@/features/moderation/components/moderation-queue-page';
import { pageOf, personOf, reportOf } from '@/features/moderation/testing/fixtures';

type Answer = (query: Record<string, unknown>) => Promise<ModerationReportsPage>;

function renderQueue(
  answer: Answer,
  path = '/moderation',
  held: () => ModerationHeldUsers = () => ({ items: [] }),
) {
  const get = vi.spyOn(apiClient, 'get').mockImplementation((url, options) => {
    if (url === '/api/v1/moderation/reports') return answer(options?.query ?? {});
    if (url === '/api/v1/moderation/frame-flags/held') return Promise.resolve(held());
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <ModerationQueuePage />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { get };
}

beforeAll(async () => {
  await initTestI18n(['common', 'moderation']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ModerationQueuePage', () => {
  it('shows both people, the reason, the comment and the session, never its content', async () => {
    renderQueue(() => Promise.resolve(pageOf([reportOf()])));
    const card = await screen.findByRole('article', { name: 'Report about Bo Jensen' });
    const report = within(card);
    expect(report.getByRole('link', { name: 'History of Bo Jensen' })).toBeTruthy();
    expect(report.getByRole('link', { name: 'History of Ana Lima' })).toBeTruthy();
    expect(report.getByText('Denmark')).toBeTruthy();
    expect(report.getByText('Brazil')).toBeTruthy();
    expect(report.getByText('Account 12 days old')).toBeTruthy();
    expect(report.getByText('4 reports received · 2 in the last 7 days')).toBeTruthy();
    expect(report.getByText('Harassment or hate')).toBeTruthy();
    expect(report.getByText('Kept insulting me after I asked to stop.')).toBeTruthy();
    expect(report.getByText('4 min 5 s')).toBeTruthy();
    expect(report.getByText('A participant reported the other')).toBeTruthy();
    expect(
      within(report.getByRole('group', { name: 'Actions for Bo Jensen' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dismiss', 'Warn', 'Block temporarily', 'Block permanently']);
  });

  it('flags an escalated user at the top of the card', async () => {
    renderQueue(() =>
      Promise.resolve(
        pageOf([reportOf({ reported: personOf({ escalatedAt: '2026-03-02T11:00:00.000Z' }) })]),
      ),
    );
    expect(await screen.findByText('Escalated: reported by 3 or more people in 24 h')).toBeTruthy();
  });

  it('says when there are no open reports', async () => {
    renderQueue(() => Promise.resolve(pageOf([])));
    expect(await screen.findByText('No open reports')).toBeTruthy();
  });

  it('offers a retry when the reports cannot be loaded', async () => {
    let fail = true;
    renderQueue(() =>
      fail
        ? Promise.reject(new ApiError(500, 'network_error', 'network'))
        : Promise.resolve(pageOf([reportOf()])),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The reports couldn't be loaded.");
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Report about Bo Jensen' })).toBeTruthy();
  });

  it('loads the next page with the cursor of the previous one', async () => {
    const { get } = renderQueue(({ cursor }) =>
      Promise.resolve(
        cursor === 'page-2'
          ? pageOf([reportOf({ id: 'r-2', reported: personOf({ id: 'u2', name: 'Cy Moss' }) })])
          : pageOf([reportOf()], 'page-2'),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Report about Cy Moss' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(get).toHaveBeenLastCalledWith('/api/v1/moderation/reports', {
      query: { status: 'open', cursor: 'page-2' },
    });
  });

  it('lists closed reports by status, without actions', async () => {
    const { get } = renderQueue(
      () =>
        Promise.resolve(
          pageOf([reportOf({ status: 'dismissed', reviewedAt: '2026-03-03T09:00:00.000Z' })]),
        ),
      '/moderation?status=dismissed',
    );
    const nav = screen.getByRole('navigation', { name: 'Report status' });
    expect(within(nav).getByRole('link', { name: 'Dismissed' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await screen.findByRole('article');
    expect(screen.queryByRole('group', { name: /Actions for/ })).toBeNull();
    expect(get).toHaveBeenCalledWith('/api/v1/moderation/reports', {
      query: { status: 'dismissed', cursor: null },
    });
  });

  it('refreshes the list and confirms after an action', async () => {
    let open = true;
    const { get } = renderQueue(() => Promise.resolve(pageOf(open ? [reportOf()] : [])));
    const post = vi.spyOn(apiClient, 'post').mockImplementation(() => {
      open = false;
      return Promise.resolve({
        id: 'a1',
        userId: 'user-bo',
        action: 'dismiss',
        reason: null,
        blockedUntil: null,
        reportId: reportOf().id,
        moderator: { id: 'm1', name: 'Mo' },
        createdAt: '2026-03-03T09:00:00.000Z',
        acknowledgedAt: null,
      });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this report?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));
    expect(post).toHaveBeenCalledWith('/api/v1/moderation/users/user-bo/actions', {
      action: 'dismiss',
      reportId: reportOf().id,
    });
    expect(await screen.findByText('No open reports')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Report dismissed.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const reportReads = get.mock.calls.filter(([url]) => url === '/api/v1/moderation/reports');
    expect(reportReads).toHaveLength(2);
  });

  it('lists people held by camera flags alone above the queue, and releases one', async () => {
    let held = true;
    renderQueue(
      () => Promise.resolve(pageOf([])),
      '/moderation',
      () => ({
        items: held
          ? [
              {
                userId: 'user-cy',
                name: 'Cy Moreau',
                escalatedAt: '2026-03-03T08:00:00.000Z',
                flags: 3,
                distinctPartners: 3,
                topScore: 0.934,
                lastFlagAt: '2026-03-03T08:00:00.000Z',
              },
            ]
          : [],
      }),
    );
    const section = await screen.findByRole('region', { name: '1 person held by camera flags' });
    expect(within(section).getByRole('link', { name: 'Cy Moreau' })).toBeTruthy();
    expect(within(section).getByText(/3 flags from 3 partners, highest score 93 %/)).toBeTruthy();
    const post = vi.spyOn(apiClient, 'post').mockImplementation(() => {
      held = false;
      return Promise.resolve({});
    });
    await userEvent.click(
      within(section).getByRole('button', { name: 'Release the hold on Cy Moreau' }),
    );
    expect(post).toHaveBeenCalledWith('/api/v1/moderation/users/user-cy/actions', {
      action: 'dismiss',
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /held by camera flags/ })).toBeNull(),
    );
  });
});
