import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@parlo/contract/constants';
import { Button } from '@/components/ui/button';
import { AlertIcon, UsersIcon } from '@/components/ui/icons';
import { useRecentSessions } from '@/features/dashboard/api/get-sessions';
import { SessionRow } from '@/features/dashboard/components/session-row';

function SkeletonRows({ count }: { count: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-stone-100">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="flex items-center gap-3 px-5 py-3.5 sm:px-6">
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-stone-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3.5 w-1/3 animate-pulse rounded bg-stone-200" />
            <span className="block h-3 w-1/4 animate-pulse rounded bg-stone-100" />
          </span>
          <span className="h-3.5 w-12 animate-pulse rounded bg-stone-200" />
        </li>
      ))}
    </ul>
  );
}

/** Past sessions, ten at a time; the next ten load as the list nears its end. */
export function RecentSessionsCard() {
  const { t } = useTranslation('dashboard');
  const sessions = useRecentSessions();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = sessions;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [now] = useState(() => new Date());
  const rows = sessions.data?.pages.flatMap((page) => page.data) ?? [];

  const loadMoreIfNearEnd = useCallback(() => {
    const element = scrollRef.current;
    // After a failed page the retry button asks again, not every scroll.
    if (!element || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const remaining = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (remaining <= INFINITE_SCROLL_THRESHOLD_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // A page that does not fill the list leaves nothing to scroll: check again after each page.
  useEffect(loadMoreIfNearEnd, [loadMoreIfNearEnd, rows.length]);

  return (
    <section
      aria-labelledby="recent-sessions-title"
      className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      <div className="border-b border-stone-100 px-5 py-4 sm:px-6">
        <h2 id="recent-sessions-title" className="text-lg font-bold text-ink">
          {t('recent.title')}
        </h2>
      </div>

      {sessions.isPending ? (
        <div role="status" aria-label={t('recent.loading')}>
          <SkeletonRows count={4} />
        </div>
      ) : sessions.isError && rows.length === 0 ? (
        <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
          <AlertIcon className="size-8 text-red-600" />
          <p className="mt-3 font-semibold text-ink">{t('recent.error')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-4"
            onClick={() => void sessions.refetch()}
          >
            {t('recent.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-12 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <UsersIcon className="size-7" />
          </span>
          <p className="mt-4 font-semibold text-ink">{t('recent.empty_title')}</p>
          <p className="mt-1 max-w-xs text-sm leading-6 text-stone-600">{t('recent.empty_text')}</p>
        </div>
      ) : (
        <div
          ref={scrollRef}
          onScroll={loadMoreIfNearEnd}
          data-testid="recent-sessions-scroll"
          // Focusable, so the list also scrolls (and loads more) from the keyboard.
          tabIndex={0}
          role="region"
          aria-labelledby="recent-sessions-title"
          className="max-h-[28rem] overflow-y-auto overscroll-contain focus-visible:outline-offset-[-2px]"
        >
          <ul aria-labelledby="recent-sessions-title" className="divide-y divide-stone-100">
            {rows.map((session) => (
              <SessionRow key={session.id} session={session} now={now} />
            ))}
          </ul>
          {isFetchingNextPage && (
            <div role="status" aria-label={t('recent.loading_more')}>
              <SkeletonRows count={2} />
            </div>
          )}
          {isFetchNextPageError && (
            <div role="alert" className="flex items-center justify-between gap-3 px-5 py-3 sm:px-6">
              <span className="text-sm text-red-800">{t('recent.error')}</span>
              <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
                {t('recent.retry')}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
