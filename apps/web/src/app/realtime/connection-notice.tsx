import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { FullScreenNotice } from '@/components/notices/full-screen-notice';
import { Button } from '@/components/ui/button';
import { AlertIcon, UsersIcon, WifiOffIcon } from '@/components/ui/icons';
import { realtimeSocket, type SocketStatus } from '@/lib/realtime/socket-client';
import { useSocketStatus } from '@/lib/realtime/use-socket-status';
import {
  CONNECTING_NOTICE_DELAY_MS,
  connectionNoticeView,
  type ConnectionNoticeView,
} from '@/app/realtime/connection-notice-view';

const isSettled = (status: SocketStatus) => status !== 'connecting' && status !== 'disconnected';

const subscribeError = (onChange: () => void) => realtimeSocket.onStatus(onChange);
const getError = () => realtimeSocket.lastError();

type ConnectionNoticeProps = {
  publicPage: boolean;
  /** The app beneath, made inert while the notice covers it. */
  appShellId: string;
};

/**
 * Covers the whole app while the realtime connection is down. The app stays mounted beneath
 * (inert), so a call or a search survives a short reconnect.
 */
export function ConnectionNotice({ publicPage, appShellId }: ConnectionNoticeProps) {
  const status = useSocketStatus();
  const [settled, setSettled] = useState(() => isSettled(realtimeSocket.status()));
  const [delayElapsed, setDelayElapsed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDelayElapsed(true), CONNECTING_NOTICE_DELAY_MS);
    const off = realtimeSocket.onStatus((next) => {
      if (isSettled(next)) setSettled(true);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, []);

  const view = connectionNoticeView(status, { settled, delayElapsed, publicPage });

  useEffect(() => {
    const shell = document.getElementById(appShellId);
    if (!view || !shell) return;
    shell.inert = true;
    return () => {
      shell.inert = false;
    };
  }, [view, appShellId]);

  if (!view) return null;
  return createPortal(
    <div className="fixed inset-0 z-40 overflow-y-auto bg-paper" role="alert" aria-live="assertive">
      <ConnectionNoticeContent view={view} />
    </div>,
    document.body,
  );
}

export function ConnectionNoticeContent({ view }: { view: ConnectionNoticeView }) {
  const { t } = useTranslation('realtime');
  const error = useSyncExternalStore(subscribeError, getError, getError);
  const reload = () => window.location.reload();

  if (view === 'connecting' || view === 'reconnecting') {
    return (
      <FullScreenNotice
        icon={
          view === 'connecting' ? (
            <span className="size-7 animate-spin rounded-full border-2 border-coral-200 border-t-coral-600" />
          ) : (
            <WifiOffIcon className="size-8" />
          )
        }
        title={t(`notice.${view}.title`)}
        description={t(`notice.${view}.text`)}
      />
    );
  }
  if (view === 'duplicate') {
    return (
      <FullScreenNotice
        icon={<UsersIcon className="size-8" />}
        title={t('notice.duplicate.title')}
        description={t('notice.duplicate.text')}
        actions={<Button onClick={reload}>{t('notice.refresh')}</Button>}
      />
    );
  }
  return (
    <FullScreenNotice
      icon={<AlertIcon className="size-8" />}
      title={t('notice.failed.title')}
      description={
        <>
          <p>{t('notice.failed.text')}</p>
          {error && <p className="mt-2 text-sm text-stone-500">{t(`errors.${error}`)}</p>}
        </>
      }
      actions={
        <>
          <Button onClick={() => realtimeSocket.connect()}>{t('notice.try_again')}</Button>
          <Button variant="secondary" onClick={reload}>
            {t('notice.refresh')}
          </Button>
        </>
      }
    />
  );
}
