import { useTranslation } from 'react-i18next';

/** The desktop-only side of the sign-in page: what a session feels like. */
export function SignInMarketingPanel() {
  const { t } = useTranslation('auth');
  return (
    <aside
      aria-label={t('sign_in.panel.label')}
      className="relative hidden overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900 p-10 text-white lg:flex lg:flex-col lg:justify-between"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 size-72 rounded-full bg-coral-400/20 blur-3xl"
      />
      <div className="relative">
        <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
          {t('sign_in.panel.eyebrow')}
        </p>
        <h2 className="mt-3 text-3xl leading-tight font-bold tracking-tight text-balance">
          {t('sign_in.panel.title')}
        </h2>
        <p className="mt-4 max-w-md text-base leading-7 text-brand-100">
          {t('sign_in.panel.text')}
        </p>
      </div>

      <div className="relative mt-10 space-y-3" aria-hidden="true">
        <div className="max-w-xs rounded-2xl rounded-bl-md bg-white/10 px-4 py-3 text-sm ring-1 ring-white/15">
          {t('sign_in.panel.bubble_partner')}
        </div>
        <div className="ml-auto max-w-xs rounded-2xl rounded-br-md bg-coral-300 px-4 py-3 text-sm text-ink shadow-lg">
          {t('sign_in.panel.bubble_you')}
        </div>
        <div className="max-w-xs rounded-2xl rounded-bl-md bg-white/10 px-4 py-3 text-sm ring-1 ring-white/15">
          {t('sign_in.panel.bubble_partner_reply')}
        </div>
      </div>

      <figure className="relative mt-10 border-t border-white/15 pt-6">
        <blockquote className="text-base leading-7 text-brand-50">
          “{t('sign_in.panel.quote')}”
        </blockquote>
        <figcaption className="mt-3 text-sm font-medium text-brand-200">
          {t('sign_in.panel.quote_author')}
        </figcaption>
      </figure>
    </aside>
  );
}
