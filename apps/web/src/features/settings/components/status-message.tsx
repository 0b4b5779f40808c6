type StatusMessageProps = {
  tone: 'success' | 'error';
  message: string | null;
};

/** A short success or error line, announced politely (success) or at once (error). */
export function StatusMessage({ tone, message }: StatusMessageProps) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl px-3 py-2 text-sm font-medium ${
        tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-800'
      }`}
    >
      {message}
    </p>
  );
}
