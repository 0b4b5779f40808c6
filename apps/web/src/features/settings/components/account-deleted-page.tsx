import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/lib/use-document-title';
import { accountWasDeleted } from '@/features/settings/lib/clear-local-session';

const REMOVED_NOW = ['now_profile', 'now_languages', 'now_email', 'now_referral'] as const;
const REMOVED_LATER = ['later_sign_in', 'later_tokens', 'later_reports'] as const;

/**
 * Where account deletion ends: what went at once, what the purge job removes within 30 days
 * (7 days after deletion, docs/decisions.md "Retention") and what stays without the person.
 */
export function AccountDeletedPage() {
  const { t } = useTranslation('settings', { keyPrefix: 'deleted' });
  useDocumentTitle(t('meta_title'));
  const [deleted] = useState(accountWasDeleted);
  if (!deleted) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <CheckIcon className="size-6" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
        {t('title')}
      </h1>
      <p className="mt-3 text-base leading-7 text-stone-600">{t('intro')}</p>

      <section
        aria-labelledby="deleted-now"
        className="mt-8 rounded-3xl bg-white p-5 ring-1 ring-stone-200 sm:p-6"
      >
        <h2 id="deleted-now" className="text-lg font-bold text-ink">
          {t('now_title')}
        </h2>
        <ul className="mt-3 space-y-2 text-sm leading-6 text-stone-700">
          {REMOVED_NOW.map((key) => (
            <li key={key} className="flex gap-2.5">
              <CheckIcon className="mt-0.5 size-4.5 shrink-0 text-brand-600" />
              {t(key)}
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="deleted-later"
        className="mt-4 rounded-3xl bg-white p-5 ring-1 ring-stone-200 sm:p-6"
      >
        <h2 id="deleted-later" className="text-lg font-bold text-ink">
          {t('later_title')}
        </h2>
        <p className="mt-2 text-sm leading-6 text-stone-600">{t('later_text')}</p>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-6 text-stone-700">
          {REMOVED_LATER.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm leading-6 text-stone-600">{t('sign_in_again')}</p>
      </section>

      <section aria-labelledby="deleted-stays" className="mt-4 px-1">
        <h2 id="deleted-stays" className="text-base font-semibold text-ink">
          {t('stays_title')}
        </h2>
        <p className="mt-1 text-sm leading-6 text-stone-600">{t('stays_text')}</p>
      </section>

      <ButtonLink to="/" size="lg" className="mt-8">
        {t('home')}
      </ButtonLink>
    </div>
  );
}
