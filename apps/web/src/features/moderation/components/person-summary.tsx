import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModerationPerson } from '@parlo/contract/moderation';
import { countryFlag, countryName } from '@/lib/countries';
import { accountAgeDays } from '@/features/moderation/lib/moderation-format';

const statusClasses: Record<ModerationPerson['status'], string> = {
  active: 'bg-emerald-50 text-emerald-800',
  unverified: 'bg-amber-50 text-amber-900',
  temporarily_blocked: 'bg-red-50 text-red-800',
  blocked: 'bg-red-100 text-red-900',
};

export function PersonStatus({ person }: { person: ModerationPerson }) {
  const { t, i18n } = useTranslation('moderation');
  const until = person.blockedUntil
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(person.blockedUntil))
    : '';
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${statusClasses[person.status]}`}
    >
      {t(`person.status.${person.status}`, { date: until })}
    </span>
  );
}

function RoleLabel({ role }: { role: string }) {
  return <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{role}</p>;
}

type PersonSummaryProps = {
  /** "Reporter" or "Reported"; none on the person's own page. */
  role?: string;
  person: ModerationPerson | null;
  /** Links the name to the person's moderation page. */
  linked?: boolean;
};

/** Who someone is, as far as a moderator needs: name, country, account age and report counts. */
export function PersonSummary({ role, person, linked = true }: PersonSummaryProps) {
  const { t, i18n } = useTranslation('moderation');
  const [now] = useState(() => Date.now());
  const language = i18n.resolvedLanguage ?? 'en';
  if (!person) {
    return (
      <div>
        {role && <RoleLabel role={role} />}
        <p className="mt-1 text-sm text-stone-600 italic">{t('report.reporter_deleted')}</p>
      </div>
    );
  }
  const age = accountAgeDays(person.createdAt, now);
  return (
    <div className="min-w-0">
      {role && <RoleLabel role={role} />}
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        {linked ? (
          <Link
            to={`/moderation/users/${person.id}`}
            aria-label={t('person.history_link', { name: person.name })}
            className="truncate font-semibold text-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {person.name}
          </Link>
        ) : null}
        <PersonStatus person={person} />
      </p>
      <ul className="mt-1 space-y-0.5 text-sm text-stone-600">
        <li>
          {person.country ? (
            <>
              <span aria-hidden="true">{countryFlag(person.country)} </span>
              {countryName(person.country, language)}
            </>
          ) : (
            t('person.no_country')
          )}
        </li>
        <li>{age === 0 ? t('person.joined_today') : t('person.account_age', { count: age })}</li>
        <li>
          {t('person.reports_total', { count: person.reportsTotal })}
          {' · '}
          {t('person.reports_week', { count: person.reportsLast7Days })}
        </li>
      </ul>
    </div>
  );
}
