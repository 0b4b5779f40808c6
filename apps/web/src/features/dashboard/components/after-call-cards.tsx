import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookmarkIcon } from '@/lib/pocket/pocket-call';
import { useCalibration } from '@/features/dashboard/api/get-calibration';

/** The way to the phrase pocket (issue 22). */
export function PocketLinkCard() {
  return (
    <Suspense fallback={null}>
      <PocketLink />
    </Suspense>
  );
}

function PocketLink() {
  const { t } = useTranslation('pocket');
  return (
    <Link
      to="/pocket"
      className="flex items-center gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 hover:bg-stone-50 sm:p-6"
    >
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-800"
      >
        <BookmarkIcon className="size-6" />
      </span>
      <span className="min-w-0">
        <span className="block text-lg font-bold text-ink">{t('link.title')}</span>
        <span className="block text-sm text-stone-600">{t('link.text')}</span>
      </span>
    </Link>
  );
}

/** "Partners rate your speaking around B2", once 5 different partners answered. */
export function CalibratedLevel({ languageCode }: { languageCode: string | null }) {
  return (
    <Suspense fallback={null}>
      <Calibrated languageCode={languageCode} />
    </Suspense>
  );
}

function Calibrated({ languageCode }: { languageCode: string | null }) {
  const { t } = useTranslation('after-call');
  const { data } = useCalibration();
  const rated = data?.data.find((entry) => entry.languageCode === languageCode)?.ratedLevel;
  if (!rated) return null;
  return (
    <p className="rounded-2xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
      {t('rated', { level: rated })}
    </p>
  );
}
