import { Trans } from 'react-i18next';
import { Link } from 'react-router';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** A sentence of the banner with the cookie and privacy policies linked inside it. */
export function ConsentText({ i18nKey }: { i18nKey: string }) {
  return (
    <Trans
      i18nKey={i18nKey}
      components={{
        cookies: <Link to="/legal/cookies" className={linkClasses} />,
        privacy: <Link to="/legal/privacy" className={linkClasses} />,
      }}
    />
  );
}
