import type { ReactNode } from 'react';

type SettingsCardProps = {
  title: string;
  description?: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
};

/** One titled group of settings. */
export function SettingsCard({
  title,
  description,
  tone = 'default',
  children,
}: SettingsCardProps) {
  return (
    <section
      className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${
        tone === 'danger' ? 'border-red-200' : 'border-stone-200'
      }`}
    >
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {description && <p className="mt-1 text-sm leading-6 text-stone-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
