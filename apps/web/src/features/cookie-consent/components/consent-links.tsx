import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** The banner's links to the cookie and privacy policies (spec §2), on a line of their own. */
export function ConsentLinks() {
  const { t } = useTranslation();
  return (
    <p className="mt-2 text-sm leading-6 text-stone-600">
      <Link to="/legal/cookies" className={linkClasses}>
        {t('footer.cookies')}
      </Link>
      <span aria-hidden="true" className="mx-2">
        ·
      </span>
      <Link to="/legal/privacy" className={linkClasses}>
        {t('footer.privacy')}
      </Link>
    </p>
  );
}
