import { PocketLinkCard } from '@/features/dashboard/components/after-call-cards';
import { DashboardLayout } from '@/features/dashboard/components/dashboard-layout';
import { StartSessionCard } from '@/features/dashboard/components/start-session-card';

/** The current-language card's outline while the member's languages load. */
function CurrentLanguageSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex items-center gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <span className="size-12 shrink-0 animate-pulse rounded-2xl bg-brand-100" />
      {/* The label, the language and its level, each in a box of its line's height. */}
      <span className="flex-1">
        <span className="flex h-4 items-center">
          <span className="h-3 w-1/3 animate-pulse rounded bg-stone-200" />
        </span>
        <span className="mt-0.5 flex h-7 items-center">
          <span className="h-5 w-1/2 animate-pulse rounded bg-stone-200" />
        </span>
        <span className="flex h-5 items-center">
          <span className="h-3.5 w-2/5 animate-pulse rounded bg-stone-100" />
        </span>
      </span>
    </div>
  );
}

/**
 * The dashboard before the member's data has arrived: what does not depend on it (the subtitle,
 * the way into a session, the phrase pocket) as it will be, the rest as outlines of the same
 * size. The build prerenders it into the dashboard's HTML (the app shell), so a phone shows the
 * page's first screen from the document, long before the framework has run; the app shows it
 * too while the member's data loads.
 */
export function DashboardSkeleton() {
  return (
    <DashboardLayout
      busy
      greeting={
        // The greeting, which names the member.
        <div aria-hidden="true" className="flex h-9 items-center sm:h-10">
          <span className="block h-7 w-72 max-w-full animate-pulse rounded-lg bg-stone-200 sm:h-8" />
        </div>
      }
      cards={
        <>
          {/* Until the member's languages say otherwise: the server decides when it is pressed. */}
          <StartSessionCard hasCurrentLanguage />
          <CurrentLanguageSkeleton />
          <PocketLinkCard />
        </>
      }
    />
  );
}
