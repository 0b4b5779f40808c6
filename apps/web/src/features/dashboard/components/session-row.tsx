import { useTranslation } from 'react-i18next';
import type { Session } from '@parlo/contract/sessions';
import { Avatar } from '@/components/ui/avatar';
import { UsersIcon } from '@/components/ui/icons';
import { countryFlag, countryName } from '@/lib/countries';
import { languageName } from '@/lib/language-name';
import { relativeTime } from '@/features/dashboard/lib/relative-time';
import { isDeletedPartner, sessionPartner } from '@/features/dashboard/lib/session-partner';

type SessionRowProps = { session: Session; now: Date };

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function shortDate(date: Date, language: string) {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    dateFormats.set(language, format);
  }
  return format.format(date);
}

/** One past session: who, where from, in which language and when. */
export function SessionRow({ session, now }: SessionRowProps) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'en';
  const partner = sessionPartner(session);
  const deleted = isDeletedPartner(partner);
  const name = deleted ? t('recent.deleted_user') : partner.name;
  const startedAt = new Date(session.startedAt);
  const ago = relativeTime(startedAt, now);
  const country = !deleted && partner.country ? partner.country : null;

  return (
    <li className="flex items-center gap-3 px-5 py-3.5 sm:px-6">
      {deleted ? (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-400"
        >
          <UsersIcon className="size-5" />
        </span>
      ) : (
        <Avatar name={name} imageUrl={partner.imageUrl} className="size-10 text-sm" />
      )}
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-1.5">
          <span className={`truncate font-semibold ${deleted ? 'text-stone-500' : 'text-ink'}`}>
            {name}
          </span>
          {country && (
            <span role="img" aria-label={countryName(country, language)} className="shrink-0">
              {countryFlag(country)}
            </span>
          )}
        </p>
        <p className="truncate text-sm text-stone-600">
          {languageName(session.languageCode, language)}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <time dateTime={session.startedAt} className="block text-sm font-medium text-ink">
          {shortDate(startedAt, language)}
        </time>
        <span className="block text-xs text-stone-500">
          {t(`relative.${ago.key}`, 'count' in ago ? { count: ago.count } : {})}
        </span>
      </div>
    </li>
  );
}
