import { useTranslation } from 'react-i18next';
import type { User } from '@parlo/contract/users';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon } from '@/components/ui/icons';
import { avatarUrl, displayName } from '@/lib/current-user';
import { lazyComponent } from '@/lib/lazy-component';
import { DeferredMenu } from '@/app/layouts/deferred-menu';

const userMenuDropdown = lazyComponent(() =>
  import('@/app/layouts/user-menu-dropdown').then((m) => m.UserMenuDropdown),
);

type UserMenuProps = { user: User };

export function UserMenu({ user }: UserMenuProps) {
  const { t } = useTranslation();
  const name = displayName(user);
  return (
    <DeferredMenu
      menu={userMenuDropdown}
      menuProps={{ user }}
      trigger={{
        label: t('user_menu.open', { name }),
        className:
          'inline-flex items-center gap-2 rounded-full py-1 pr-2 pl-1 transition-colors hover:bg-stone-100 data-[state=open]:bg-stone-100',
        children: (
          <>
            <Avatar name={name} imageUrl={avatarUrl(user)} className="size-8 text-xs" />
            <span className="hidden max-w-40 truncate text-sm font-medium sm:block">{name}</span>
            <ChevronDownIcon className="size-4 text-stone-500" />
          </>
        ),
      }}
    />
  );
}
