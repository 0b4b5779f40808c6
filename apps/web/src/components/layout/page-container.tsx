import type { ReactNode } from 'react';

type PageContainerProps = {
  title: string;
  description?: string;
  children?: ReactNode;
};

/** The standard width, padding and heading of an app page. */
export function PageContainer({ title, description, children }: PageContainerProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-balance text-ink">{title}</h1>
      {description && (
        <p className="mt-3 max-w-2xl text-base leading-7 text-stone-600">{description}</p>
      )}
      {children}
    </div>
  );
}
