/** Shared look of the header's dropdown menus. */
export const menuContentClasses =
  'z-50 min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-stone-200 ' +
  'max-h-[var(--radix-dropdown-menu-content-available-height)] overflow-y-auto';

export const menuItemClasses =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink outline-none ' +
  'select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

export const menuLabelClasses =
  'px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase';

export const menuSeparatorClasses = 'my-1.5 h-px bg-stone-200';
