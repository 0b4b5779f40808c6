import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModerationHeldUser } from '@parlo/contract/frame-flags';
import { Button } from '@/components/ui/button';
import { useHeldUsers } from '@/features/moderation/api/get-held-users';
import { useTakeModerationAction } from '@/features/moderation/api/take-moderation-action';

/**
 * Users the frame guard's flags from several partners hold out of matching, with no report to
 * show them in the queue (issue 18). Each links to the user's page (the flags, scores and times;
 * never an image) and can be released at once when the flags were wrong.
 */
export function HeldUsersSection() {
  const { t } = useTranslation('moderation');
  const held = useHeldUsers();
  const items = held.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="held-users-title" className="mt-6 rounded-2xl bg-amber-50 p-5">
      <h2 id="held-users-title" className="text-base font-semibold text-amber-950">
        {t('held.title', { count: items.length })}
      </h2>
      <p className="mt-1 text-sm leading-6 text-amber-900">{t('held.subtitle')}</p>
      <ul className="mt-4 space-y-3">
        {items.map((user) => (
          <HeldUserRow key={user.userId} user={user} />
        ))}
      </ul>
    </section>
  );
}

function HeldUserRow({ user }: { user: ModerationHeldUser }) {
  const { t, i18n } = useTranslation('moderation');
  const release = useTakeModerationAction();
  const name = user.name ?? t('held.no_name');
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(user.escalatedAt));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-amber-200">
      <div className="text-sm">
        <Link
          to={`/moderation/users/${user.userId}`}
          className="font-semibold text-ink underline underline-offset-2"
        >
          {name}
        </Link>
        <p className="text-stone-600">
          {t('held.summary', {
            flags: user.flags,
            partners: user.distinctPartners,
            score: Math.round(user.topScore * 100),
            date: when,
          })}
        </p>
        {release.isError && (
          <p role="alert" className="text-red-800">
            {t('errors.failed')}
          </p>
        )}
      </div>
      <Button
        variant="secondary"
        disabled={release.isPending}
        aria-busy={release.isPending}
        onClick={() => release.mutate({ userId: user.userId, body: { action: 'dismiss' } })}
        aria-label={t('held.release_label', { name })}
      >
        {t('held.release')}
      </Button>
    </li>
  );
}
