import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CALIBRATION_RATINGS, type CalibrationRating } from '@parlo/contract/after-call';
import type { User } from '@parlo/contract/users';
import { ButtonLink } from '@/components/ui/button';
import { currentUserQueryKey } from '@/lib/current-user';
import { usePocketItems } from '@/lib/pocket/pocket-access';
import { queryClient } from '@/lib/query-client';
import { callLearningLog } from '@/lib/session/call-learning-log';
import { useCallTally } from '@/lib/session/call-tally-store';
import type { EndedSession } from '@/lib/session/live-session-store';
import {
  getCalibrationState,
  getSession,
  rateCalibration,
} from '@/features/session-ended/api/after-call';
import { buildRecap, type CallRecap } from '@/features/session-ended/lib/recap';
import { recapInputFor } from '@/features/session-ended/lib/recap-input';

/** The server may close the session a moment after this tab: its end is asked again this often… */
const SESSION_POLL_MS = 1_500;
/** …at most this many times. */
const SESSION_POLL_TRIES = 5;

/**
 * After the call (issue 22): the recap from this device, the calibration question and the way to
 * the phrase pocket. Loads its own texts without holding up the rest of the page.
 */
export function AfterCallSection({ ended }: { ended: EndedSession }) {
  return (
    <Suspense fallback={null}>
      <AfterCall ended={ended} />
    </Suspense>
  );
}

function AfterCall({ ended }: { ended: EndedSession }) {
  const { t } = useTranslation('after-call');
  const sessionId = ended.payload.session.id;
  const userId = queryClient.getQueryData<User>(currentUserQueryKey)?.id;
  const session = useQuery(
    {
      queryKey: ['sessions', sessionId, 'after-call'],
      queryFn: () => getSession(sessionId),
      retry: false,
      refetchInterval: (query) =>
        query.state.data?.endedAt || query.state.dataUpdateCount >= SESSION_POLL_TRIES
          ? false
          : SESSION_POLL_MS,
    },
    queryClient,
  );
  const pocket = usePocketItems(userId, sessionId);
  const tally = useCallTally((state) => state.tally);
  const learning = useSyncExternalStore(callLearningLog.subscribe, callLearningLog.getSnapshot);
  const recap = buildRecap(
    recapInputFor({
      sessionId,
      session: session.data,
      tally,
      phrasesSaved: pocket.items?.length ?? null,
      learning,
    }),
  );

  return (
    <div className="mt-8 grid w-full gap-4 text-left">
      {!recap.empty && <RecapCard recap={recap} />}
      <CalibrationQuestion ended={ended} />
      <div className="flex justify-center">
        <ButtonLink to="/pocket" variant="secondary">
          {t('recap.open_pocket')}
        </ButtonLink>
      </div>
    </div>
  );
}

function RecapCard({ recap }: { recap: CallRecap }) {
  const { t } = useTranslation('after-call');
  const rows: [string, string][] = [];
  if (recap.duration) rows.push([t('recap.duration'), t('recap.duration_value', recap.duration)]);
  if (recap.talkShares) rows.push([t('recap.talk'), t('recap.talk_value', recap.talkShares)]);
  if (recap.cardsDone !== null) rows.push([t('recap.cards'), String(recap.cardsDone)]);
  if (recap.signals) rows.push([t('recap.signals'), t('recap.signals_value', recap.signals)]);
  if (recap.corrections !== null) rows.push([t('recap.corrections'), String(recap.corrections)]);
  if (recap.chatLines) rows.push([t('recap.chat'), t('recap.chat_value', recap.chatLines)]);
  if (recap.phrasesSaved !== null) rows.push([t('recap.phrases'), String(recap.phrasesSaved)]);
  return (
    <section
      aria-labelledby="recap-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="recap-title" className="text-base font-semibold text-ink">
        {t('recap.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-stone-500">{t('recap.note')}</p>
    </section>
  );
}

/** "Your partner's speaking felt below / about / above <their level>", once, when the server allows. */
function CalibrationQuestion({ ended }: { ended: EndedSession }) {
  const { t } = useTranslation('after-call');
  const sessionId = ended.payload.session.id;
  const { name, level } = ended.payload.peerProfile;
  const [sent, setSent] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');
  const state = useQuery(
    {
      queryKey: ['sessions', sessionId, 'calibration'],
      queryFn: () => getCalibrationState(sessionId),
      retry: false,
      // The server closes the session a moment after this tab: a call not yet "over" there is
      // asked again a few times.
      refetchInterval: (query) =>
        query.state.data?.state === 'ineligible' && query.state.dataUpdateCount < SESSION_POLL_TRIES
          ? SESSION_POLL_MS
          : false,
    },
    queryClient,
  );
  if (sent === 'done') {
    return (
      <p role="status" className="text-center text-sm text-brand-800">
        {t('calibration.thanks')}
      </p>
    );
  }
  if (state.data?.state !== 'open') return null;

  const answer = (rating: CalibrationRating) => {
    setSent('sending');
    rateCalibration(sessionId, rating).then(
      () => setSent('done'),
      () => setSent('failed'),
    );
  };

  return (
    <section
      aria-labelledby="calibration-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="calibration-title" className="text-base font-semibold text-ink">
        {t('calibration.question', { name, level })}
      </h2>
      <div role="group" aria-labelledby="calibration-title" className="mt-3 flex flex-wrap gap-2">
        {CALIBRATION_RATINGS.map((rating) => (
          <button
            key={rating}
            type="button"
            disabled={sent === 'sending'}
            onClick={() => answer(rating)}
            className="h-10 rounded-xl px-4 text-sm font-semibold text-ink ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-50"
          >
            {t(`calibration.${rating}`, { level })}
          </button>
        ))}
      </div>
      <p className="mt-2 text-xs text-stone-500">{t('calibration.hint', { name })}</p>
      {sent === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('calibration.failed')}
        </p>
      )}
    </section>
  );
}
