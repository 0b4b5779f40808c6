import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { LanguageSwitcher } from '@/app/layouts/language-switcher';
import { MobileMenu } from '@/app/layouts/mobile-menu';
import { UserMenu } from '@/app/layouts/user-menu';
import { VISITOR_LINKS } from '@/app/layouts/visitor-links';
import type { SessionUser } from '@/app/use-session-user';

const MOBILE_MENU_ID = 'mobile-menu';

type HeaderProps = { session: SessionUser };

export function Header({ session }: HeaderProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const signedIn = session.status === 'signed_in';
  const visitor = session.status === 'anonymous';

  const closeMenu = useCallback((options?: { restoreFocus: boolean }) => {
    setMenuOpen(false);
    if (options?.restoreFocus) menuButtonRef.current?.focus();
  }, []);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/75">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Link
          to={signedIn ? '/dashboard' : '/'}
          aria-label={t('header.home')}
          className="-m-1 shrink-0 rounded-lg p-1 text-ink"
        >
          <Logo name={t('brand.name')} className="h-8 w-auto" />
        </Link>

        {visitor && (
          <nav aria-label={t('header.nav_label')} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {VISITOR_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className="rounded-full px-3 py-2 text-sm font-medium text-stone-700 transition-colors hover:bg-stone-100 hover:text-ink aria-[current=page]:text-brand-700"
                  >
                    {t(link.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="ml-auto flex items-center gap-2">
          {signedIn && <UserMenu user={session.user} />}
          {visitor && (
            <>
              <div className="hidden md:block">
                <LanguageSwitcher />
              </div>
              <ButtonLink to="/auth/signin" size="sm">
                {t('header.sign_in')}
              </ButtonLink>
              <button
                ref={menuButtonRef}
                type="button"
                aria-expanded={menuOpen}
                aria-controls={MOBILE_MENU_ID}
                aria-label={menuOpen ? t('header.close_menu') : t('header.open_menu')}
                onClick={() => setMenuOpen((open) => !open)}
                className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-stone-100 md:hidden"
              >
                {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
              </button>
            </>
          )}
        </div>
      </div>
      {visitor && <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onClose={closeMenu} />}
    </header>
  );
}
