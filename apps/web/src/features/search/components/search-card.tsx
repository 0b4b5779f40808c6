import type { ReactNode } from 'react';

type SearchCardProps = {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
};

/** The frame every search view shares: one card under the page title. */
export function SearchCard({ icon, title, children, actions }: SearchCardProps) {
  return (
    <section
      aria-labelledby="search-view-title"
      className="mt-8 max-w-xl rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
    >
      {icon && (
        <div className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
          {icon}
        </div>
      )}
      <h2 id="search-view-title" className="text-xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      {children}
      {actions && <div className="mt-6 flex flex-col gap-2 sm:flex-row">{actions}</div>}
    </section>
  );
}

export function Spinner() {
  return (
    <span className="size-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
  );
}
