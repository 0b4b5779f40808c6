import {
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { LazyComponent } from '@/lib/lazy-component';

/** The trigger's accessible name, classes and content, shared by the stand-in and the real one. */
export type MenuTrigger = { label: string; className: string; children: ReactNode };

export type OpenedWith = 'pointer' | 'keyboard';

/** What a deferred menu's Radix implementation receives on top of its own props. */
export type DeferredMenuProps = {
  trigger: MenuTrigger;
  /** Set when the visitor asked for the menu before its code had arrived: it opens at once. */
  openedWith: OpenedWith | null;
  /** The stand-in trigger had focus when it was replaced, so the real one takes it over. */
  focusTrigger: boolean;
};

/** The keys that open a Radix dropdown menu from its trigger. */
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

type DeferredMenuComponentProps<P> = {
  menu: LazyComponent<P & DeferredMenuProps>;
  trigger: MenuTrigger;
  menuProps: P;
};

type Loaded<P> = {
  Menu: ComponentType<P & DeferredMenuProps>;
  openedWith: OpenedWith | null;
  focusTrigger: boolean;
};

/**
 * A menu whose Radix implementation (and its positioning and focus code) is only downloaded on
 * the first sign of intent: until then a plain button with the same look and name stands in.
 * Pressing it opens the menu as soon as the code arrives, as Radix would have: on pointer down,
 * or on Enter, Space and ArrowDown with the focus on the first item.
 */
export function DeferredMenu<P>({ menu, trigger, menuProps }: DeferredMenuComponentProps<P>) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const requested = useRef(false);
  const openedWith = useRef<OpenedWith | null>(null);
  const [loaded, setLoaded] = useState<Loaded<P> | null>(() =>
    menu.loaded ? { Menu: menu.loaded, openedWith: null, focusTrigger: false } : null,
  );

  function load() {
    if (requested.current) return;
    requested.current = true;
    menu.load().then(
      (Menu) =>
        setLoaded({
          Menu,
          openedWith: openedWith.current,
          focusTrigger: document.activeElement === buttonRef.current,
        }),
      () => {
        requested.current = false;
        openedWith.current = null;
      },
    );
  }

  function open(how: OpenedWith) {
    openedWith.current ??= how;
    load();
  }

  if (loaded) {
    const { Menu } = loaded;
    return (
      <Menu
        {...menuProps}
        trigger={trigger}
        openedWith={loaded.openedWith}
        focusTrigger={loaded.focusTrigger}
      />
    );
  }

  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={trigger.label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={trigger.className}
      onPointerEnter={load}
      onTouchStart={load}
      onFocus={load}
      onPointerDown={(event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // Like Radix: the menu takes the focus, not the trigger.
        event.preventDefault();
        open('pointer');
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        open('keyboard');
      }}
      // Assistive technology may click without a pointer or key event before it.
      onClick={(event: MouseEvent) => open(event.detail === 0 ? 'keyboard' : 'pointer')}
    >
      {trigger.children}
    </button>
  );
}
