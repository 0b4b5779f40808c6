import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, ButtonLink } from '@/components/ui/button';
import { openReportDialog } from '@/lib/session/report-dialog-store';
import { useLiveSession, type EndedSession } from '@/lib/session/live-session-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AfterCallSection } from '@/features/session-ended/components/after-call-section';
import { ContinueOffer } from '@/features/session-ended/components/continue-offer';
import { useContinueOffer } from '@/features/session-ended/hooks/use-continue-offer';
import { endContent } from '@/features/session-ended/lib/end-reason';

/** /session-ended: what happened, where to go next, and continuing with the same partner. */
export function SessionEndedPage() {
  const ended = useLiveSession((state) => state.ended);
  const live = useLiveSession((state) => state.live !== null);
  // An accepted continue offer starts a new live session; the match bridge is taking us there.
  if (!ended) return <Navigate to={live ? '/practice' : '/search'} replace />;
  return <SessionEndedView key={ended.payload.session.id} ended={ended} />;
}

function SessionEndedView({ ended }: { ended: EndedSession }) {
  const { t } = useTranslation('session-ended');
  const { payload, reason } = ended;
  const partner = payload.peerProfile;
  const content = endContent(reason);
  const refunded = useLiveSession((state) => state.refundedSessionId === payload.session.id);
  useDocumentTitle(t('meta_title'));

  const report = () =>
    openReportDialog({ reportedUserId: partner.id, sessionId: payload.session.id });

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-10 text-center sm:py-16">
      <Avatar name={partner.name} imageUrl={partner.imageUrl} className="size-20 text-2xl" />
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">
        {t(`reasons.${content.key}.title`)}
      </h1>
      <p className="mt-3 text-base leading-7 text-stone-600">
        {t(`reasons.${content.key}.text`, { name: partner.name })}
      </p>
      {reason === 'connection_issue' && ended.peerError && (
        <p className="mt-2 text-sm text-stone-500">
          {t(`peer_errors.${ended.peerError}`, { defaultValue: '' })}
        </p>
      )}
      {refunded && <p className="mt-3 text-sm font-medium text-brand-800">{t('refunded')}</p>}
      {reason === 'connection_issue' && (
        <ul className="mt-3 list-inside list-disc text-left text-sm text-stone-600">
          <li>{t('tips.internet')}</li>
          <li>{t('tips.network')}</li>
          <li>{t('tips.vpn')}</li>
        </ul>
      )}

      <ButtonLink to="/search" size="lg" className="mt-8 w-full sm:w-auto">
        {t(`actions.${content.action}`)}
      </ButtonLink>

      <AfterCallSection ended={ended} />

      <div className="mt-8 grid w-full gap-4 border-t border-stone-200 pt-6">
        {content.canContinue ? (
          <ContinueSection ended={ended} onReport={report} />
        ) : (
          <div className="flex justify-center">
            <ReportButton name={partner.name} onClick={report} />
          </div>
        )}
      </div>
    </div>
  );
}

function ContinueSection({ ended, onReport }: { ended: EndedSession; onReport: () => void }) {
  const { t } = useTranslation('session-ended');
  const partner = ended.payload.peerProfile;
  const offer = useContinueOffer({
    partnerId: partner.id,
    languageCode: ended.payload.session.languageCode,
  });
  // A report between the two, either way: continuing is never offered (issue 17).
  if (offer.unavailableHere || offer.error === 'unavailable') {
    return (
      <div className="flex justify-center">
        <ReportButton name={partner.name} onClick={onReport} />
      </div>
    );
  }
  return (
    <section aria-labelledby="continue-title" className="grid gap-3">
      <h2 id="continue-title" className="text-base font-semibold text-ink">
        {t('offer.title', { name: partner.name })}
      </h2>
      <div className="flex flex-wrap items-start justify-center gap-2">
        <ContinueOffer offer={offer} partnerName={partner.name} />
        <ReportButton name={partner.name} onClick={onReport} />
      </div>
    </section>
  );
}

function ReportButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation('session-ended');
  return (
    <Button variant="ghost" onClick={onClick} aria-label={t('report_label', { name })}>
      {t('report')}
    </Button>
  );
}
