import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';

const COLUMNS = [
  {
    id: 'product',
    titleKey: 'footer.product',
    links: [{ to: '/info/about', labelKey: 'footer.about' }],
  },
  {
    id: 'support',
    titleKey: 'footer.support',
    links: [{ to: '/info/faq', labelKey: 'footer.help_center' }],
  },
  {
    id: 'legal',
    titleKey: 'footer.legal',
    links: [
      { to: '/legal/privacy', labelKey: 'footer.privacy' },
      { to: '/legal/terms', labelKey: 'footer.terms' },
      { to: '/legal/cookies', labelKey: 'footer.cookies' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[2fr_3fr]">
          <div>
            <Logo name={t('brand.name')} className="h-7 w-auto text-ink" />
            <p className="mt-4 max-w-xs text-sm leading-6 text-stone-600">{t('footer.tagline')}</p>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {COLUMNS.map((column) => (
              <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
                <h2 id={`footer-${column.id}`} className="text-sm font-semibold text-ink">
                  {t(column.titleKey)}
                </h2>
                <ul className="mt-3 space-y-2">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="rounded text-sm text-stone-600 transition-colors hover:text-brand-700"
                      >
                        {t(link.labelKey)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        {/* Prerendered pages carry the build's year until the app runs. */}
        <p
          className="mt-12 border-t border-stone-200 pt-6 text-sm text-stone-500"
          suppressHydrationWarning
        >
          {t('footer.copyright', { year })}
        </p>
      </div>
    </footer>
  );
}
