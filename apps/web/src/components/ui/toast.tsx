import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';

/** The key that takes keyboard users to the newest toast (as in Radix and Slack). */
export const TOAST_HOTKEY = 'F8';

let returnFocusTo: HTMLElement | null = null;

type ToastRegionProps = {
  /** The landmark's name, saying the hotkey (e.g. "Notifications (F8)"). */
  label: string;
  /**
   * What a screen reader says when a toast appears. The live region exists before any toast, so
   * the change is announced; an empty text says nothing.
   */
  announcement: string;
  children?: ReactNode;
};

/**
 * Where toasts appear: a labelled landmark at the bottom of the screen. F8 moves focus to the
 * newest toast, and focus goes back where it was when that toast closes.
 */
export function ToastRegion({ label, announcement, children }: ToastRegionProps) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || event.defaultPrevented) return;
      const toasts = region.current?.querySelectorAll<HTMLElement>('[data-toast]');
      const newest = toasts?.[toasts.length - 1];
      if (!newest) return;
      event.preventDefault();
      const active = document.activeElement;
      if (active instanceof HTMLElement && !region.current?.contains(active)) {
        returnFocusTo = active;
      }
      newest.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <section
      ref={region}
      aria-label={label}
      className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col items-stretch gap-3 sm:left-auto sm:w-96"
    >
      <div aria-live="assertive" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
      {children}
    </section>
  );
}

type ToastProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons: each a real button, reachable by Tab and F8. */
  actions?: ReactNode;
  /** Escape inside the toast (a notice's dismiss); absent, Escape does nothing here. */
  onEscape?: () => void;
};

/** One toast: a named group with its buttons, focusable as a whole for the hotkey. */
export function Toast({ title, description, actions, onEscape }: ToastProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  // Closing while focused (answered, dismissed) returns focus instead of dropping it to <body>.
  useLayoutEffect(() => {
    const node = root.current;
    return () => {
      if (node?.contains(document.activeElement) && returnFocusTo?.isConnected) {
        returnFocusTo.focus();
      }
    };
  }, []);
  return (
    <div
      ref={root}
      data-toast=""
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onEscape) {
          event.stopPropagation();
          onEscape();
        }
      }}
      className="pointer-events-auto rounded-2xl bg-white p-4 text-left shadow-lg ring-1 ring-stone-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <p id={`${id}-title`} className="text-sm font-semibold text-ink">
        {title}
      </p>
      {description && (
        <div id={`${id}-text`} className="mt-1 text-sm text-stone-600">
          {description}
        </div>
      )}
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
