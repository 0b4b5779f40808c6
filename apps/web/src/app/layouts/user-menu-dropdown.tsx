import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { User } from '@parlo/contract/users';
import { Avatar } from '@/components/ui/avatar';
import { SettingsIcon, ShieldCheckIcon, SignOutIcon } from '@/components/ui/icons';
import { avatarUrl, displayName } from '@/lib/current-user';
import { forgetThisDevice } from '@/lib/pocket/forget-device';
import { signOut } from '@/features/auth/lib/sign-out';
import { useModerationAccess } from '@/features/moderation/api/get-moderation-access';
import { hasFinishedOnboarding, isBlocked } from '@/app/access';
import type { DeferredMenuProps } from '@/app/layouts/deferred-menu';
import { LanguageRadioItems } from '@/app/layouts/language-radio-items';
import { MenuDropdown } from '@/app/layouts/menu-dropdown';
import { menuItemClasses, menuLabelClasses, menuSeparatorClasses } from '@/app/layouts/menu-styles';
import { TokenMenuSection } from '@/app/layouts/token-menu-section';

const statusDotClasses: Record<User['status'], string> = {
  active: 'bg-emerald-500',
  unverified: 'bg-amber-400',
  temporarily_blocked: 'bg-coral-500',
  blocked: 'bg-red-600',
};

type UserMenuDropdownProps = DeferredMenuProps & { user: User };

/** The Radix part of the account menu, loaded on first intent. */
export function UserMenuDropdown({ user, ...menu }: UserMenuDropdownProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = displayName(user);
  // Asked when the menu's code loads (first hover or focus), once per session; blocked users
  // are refused every moderation call, so they are not asked.
  const moderation = useModerationAccess(!isBlocked(user));
  const moderator = !isBlocked(user) && Boolean(moderation.data);

  async function handleSignOut(forget = false) {
    if (forget) await forgetThisDevice();
    await signOut();
    await navigate('/', { replace: true });
  }

  return (
    <MenuDropdown {...menu}>
      <div className="flex items-center gap-3 px-3 py-2.5">
        <Avatar name={name} imageUrl={avatarUrl(user)} className="size-10 text-sm" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="flex items-center gap-1.5 text-xs text-stone-600">
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${statusDotClasses[user.status]}`}
            />
            {t(`user_menu.status.${user.status}`)}
          </p>
        </div>
      </div>
      {/* Tokens matter only to those who can start a session. */}
      {hasFinishedOnboarding(user) && !isBlocked(user) && <TokenMenuSection />}
      <DropdownMenu.Separator className={menuSeparatorClasses} />
      <DropdownMenu.Item asChild className={menuItemClasses}>
        <Link to="/settings/general">
          <SettingsIcon className="size-4 text-stone-500" />
          {t('user_menu.settings')}
        </Link>
      </DropdownMenu.Item>
      {moderator && (
        <DropdownMenu.Item asChild className={menuItemClasses}>
          <Link to="/moderation">
            <ShieldCheckIcon className="size-4 text-stone-500" />
            {t('user_menu.moderation')}
          </Link>
        </DropdownMenu.Item>
      )}
      <DropdownMenu.Separator className={menuSeparatorClasses} />
      <DropdownMenu.Label className={menuLabelClasses}>{t('header.language')}</DropdownMenu.Label>
      <LanguageRadioItems />
      <DropdownMenu.Separator className={menuSeparatorClasses} />
      <DropdownMenu.Item className={menuItemClasses} onSelect={() => void handleSignOut()}>
        <SignOutIcon className="size-4 text-stone-500" />
        {t('user_menu.sign_out')}
      </DropdownMenu.Item>
      <DropdownMenu.Item className={menuItemClasses} onSelect={() => void handleSignOut(true)}>
        <SignOutIcon className="size-4 text-stone-500" />
        {t('user_menu.sign_out_forget')}
      </DropdownMenu.Item>
    </MenuDropdown>
  );
}
