import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Deferred, lazyComponent } from '@/lib/lazy-component';
import { ConsentLinks } from '@/features/cookie-consent/components/consent-links';
import {
  CONSENT_ACTION_ATTRIBUTE,
  type ConsentAction,
} from '@/features/cookie-consent/lib/consent-actions';

// Few visitors customise; the switches (Radix Switch) load when one does.
const cookiePreferencesForm = lazyComponent(() =>
  import('@/features/cookie-consent/components/cookie-preferences-form').then(
    (m) => m.CookiePreferencesForm,
  ),
);

type CookieBannerCardProps = {
  expanded: boolean;
  /** The prerendered copy outside the app needs an id of its own. */
  titleId?: string;
  onAction?: (action: ConsentAction) => void;
};

/** The banner itself, compact or with the preferences form (spec §2). */
export function CookieBannerCard({
  expanded,
  titleId = 'cookie-banner-title',
  onAction,
}: CookieBannerCardProps) {
  const { t } = useTranslation();
  const action = (name: ConsentAction) => ({
    [CONSENT_ACTION_ATTRIBUTE]: name,
    onClick: onAction && (() => onAction(name)),
  });
  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-30 max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-stone-200 sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-[26rem]"
    >
      <h2 id={titleId} className="text-base font-semibold text-ink">
        {t('cookie_banner.title')}
      </h2>
      {/* Short, balanced lines and the links apart: on a phone the compact form stays a strip
          at the bottom rather than a third of the screen. Japanese breaks between phrases
          (auto-phrase), not inside a word, when the lines are balanced. */}
      <p className="mt-1.5 text-sm leading-6 text-balance [word-break:auto-phrase] text-stone-600">
        {t(expanded ? 'cookie_banner.details' : 'cookie_banner.summary')}
      </p>
      <ConsentLinks />
      {expanded ? (
        <div className="mt-2">
          <Deferred component={cookiePreferencesForm} when props={{}} />
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" className="grow sm:grow-0" {...action('accept_all')}>
            {t('cookie_banner.accept_all')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="grow sm:grow-0"
            {...action('necessary_only')}
          >
            {t('cookie_banner.necessary_only')}
          </Button>
          <Button variant="ghost" size="sm" className="grow sm:grow-0" {...action('customise')}>
            {t('cookie_banner.customise')}
          </Button>
        </div>
      )}
    </section>
  );
}
