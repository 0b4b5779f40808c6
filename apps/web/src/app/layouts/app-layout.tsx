import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { PageSpinner } from '@/components/notices/loading-page';
import { Deferred, lazyComponent } from '@/lib/lazy-component';
import { useDeviceTestDialog } from '@/lib/device-test-dialog-store';
import { useReportDialog } from '@/lib/session/report-dialog-store';
import { useBonusTokensDialog } from '@/lib/tokens/bonus-tokens-dialog-store';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';
import { PRACTICE_PATH, hasFinishedOnboarding, isBlocked } from '@/app/access';
import { AccessGate } from '@/app/access-gate';
import { Footer } from '@/app/layouts/footer';
import { Header } from '@/app/layouts/header';
import { isPublicAccess, useRouteAccessKind } from '@/app/route-access';
import { useSessionUser, type SessionUser } from '@/app/use-session-user';

export const MAIN_CONTENT_ID = 'main-content';
const APP_SHELL_ID = 'app-shell';

// Loaded the first time someone asks for bonus tokens, never with the landing page.
const bonusTokensDialog = lazyComponent(() =>
  import('@/features/bonus-tokens/components/bonus-tokens-dialog').then((m) => m.BonusTokensDialog),
);

// Loaded when a member opens the camera and microphone test.
const deviceTestDialog = lazyComponent(() =>
  import('@/features/device-test/components/device-test-dialog').then((m) => m.DeviceTestDialog),
);

// Loaded when a member reports the partner of a session.
const reportDialog = lazyComponent(() =>
  import('@/features/report/components/report-dialog').then((m) => m.ReportDialog),
);

// The socket client and its notice are members' code: visitors never download them.
const memberRealtime = lazyComponent(() =>
  import('@/app/realtime/member-realtime').then((m) => m.MemberRealtime),
);

// Members' code, like the realtime connection: it asks whether a moderator has warned them.
const warningNotice = lazyComponent(() =>
  import('@/features/account-warning/components/warning-notice').then((m) => m.WarningNotice),
);

/**
 * Members hold the realtime connection and read moderators' warnings; visitors, onboarding and
 * blocked users do neither.
 */
function isMember(session: SessionUser) {
  return (
    session.status === 'signed_in' &&
    hasFinishedOnboarding(session.user) &&
    !isBlocked(session.user)
  );
}

type AppLayoutProps = {
  /** Changing it remounts the page, which reloads what it shows (after the rate-limit notice). */
  viewKey: number;
};

type LayoutFrameProps = {
  session: SessionUser;
  /** The page. */
  children: ReactNode;
  /** Dialogs, banners and members' connections, after the footer. */
  after?: ReactNode;
};

/**
 * The frame every page of the app sits in: the skip link, the header, the page and the footer.
 * The build prerenders the dashboard's app shell in it too, so the shell and the page line up.
 */
export function LayoutFrame({ session, children, after }: LayoutFrameProps) {
  const { t } = useTranslation();
  return (
    <div id={APP_SHELL_ID} className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="fixed top-3 left-3 z-50 -translate-y-20 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-lg transition-transform focus:translate-y-0 motion-reduce:transition-none"
      >
        {t('layout.skip_to_content')}
      </a>
      <Header session={session} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <Footer />
      {after}
    </div>
  );
}

/** Header, the page the route allows, footer and the cookie banner. */
export function AppLayout({ viewKey }: AppLayoutProps) {
  const session = useSessionUser();
  const bonusTokens = useBonusTokensDialog();
  const deviceTest = useDeviceTestDialog();
  const report = useReportDialog();
  const reportTarget = session.status === 'signed_in' ? report.target : null;
  const publicPage = isPublicAccess(useRouteAccessKind());
  const onCall = useMatch(PRACTICE_PATH) !== null;
  const after = (
    <>
      <CookieBanner />
      <Deferred
        component={bonusTokensDialog}
        when={bonusTokens.open && session.status === 'signed_in'}
        props={{
          open: bonusTokens.open && session.status === 'signed_in',
          mode: bonusTokens.mode,
          onClose: bonusTokens.close,
        }}
      />
      <Deferred
        component={deviceTestDialog}
        when={deviceTest.open && session.status === 'signed_in'}
        props={{
          open: deviceTest.open && session.status === 'signed_in',
          onClose: deviceTest.close,
        }}
      />
      <Deferred
        component={reportDialog}
        when={reportTarget !== null}
        props={{ target: reportTarget, onClose: report.close }}
      />
      {/* Unmounted on sign-out, which closes the socket. */}
      {isMember(session) && (
        <Deferred
          component={memberRealtime}
          when
          props={{ publicPage, appShellId: APP_SHELL_ID }}
        />
      )}
      {/* A warning waits while a call runs, and off the public pages so the Terms it links to can
          be read; it is back on the next member page until acknowledged. */}
      {isMember(session) && !onCall && !publicPage && (
        <Deferred component={warningNotice} when props={{}} />
      )}
    </>
  );
  return (
    <LayoutFrame session={session} after={after}>
      <Suspense fallback={<PageSpinner fill />}>
        <AccessGate key={viewKey} session={session} />
      </Suspense>
    </LayoutFrame>
  );
}
