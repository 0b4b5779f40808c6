import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, type ReactNode } from 'react';
import type { DeferredMenuProps } from '@/app/layouts/deferred-menu';
import { menuContentClasses } from '@/app/layouts/menu-styles';

type MenuDropdownProps = DeferredMenuProps & { children: ReactNode };

/** The Radix root, trigger and content of a header menu loaded by `DeferredMenu`. */
export function MenuDropdown({ trigger, openedWith, focusTrigger, children }: MenuDropdownProps) {
  // Radix moves the focus to the first item only for keys it saw itself; these were pressed on
  // the stand-in trigger, before this code had loaded.
  const focusFirstItem = useRef(openedWith === 'keyboard');

  return (
    <DropdownMenu.Root defaultOpen={openedWith !== null}>
      <DropdownMenu.Trigger
        aria-label={trigger.label}
        className={trigger.className}
        autoFocus={focusTrigger}
      >
        {trigger.children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={menuContentClasses}
          onFocus={(event) => {
            // Radix focuses the content itself when it opens; go on to the first item.
            if (!focusFirstItem.current || event.target !== event.currentTarget) return;
            focusFirstItem.current = false;
            event.currentTarget
              .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
              ?.focus({ preventScroll: true });
          }}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
