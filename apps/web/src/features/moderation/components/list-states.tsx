import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex justify-center py-12">
      <span className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

type ErrorStateProps = { message: string; retryLabel: string; onRetry: () => void };

export function ErrorState({ message, retryLabel, onRetry }: ErrorStateProps) {
  return (
    <div role="alert" className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <p className="text-sm text-stone-700">{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

export function EmptyState({ title, hint }: { title: string; hint?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 px-5 py-12 text-center">
      <p className="text-base font-semibold text-ink">{title}</p>
      {hint && <p className="mt-1 text-sm text-stone-600">{hint}</p>}
    </div>
  );
}
