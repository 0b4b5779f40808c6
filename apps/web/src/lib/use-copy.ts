import { useEffect, useState } from 'react';
import { COPIED_CONFIRMATION_MS } from '@parlo/contract/constants';

export type CopyFeedback = 'none' | 'copied' | 'failed';

/** Copies text to the clipboard; 'copied' lasts 2 s (spec §9). */
export function useCopy(text: string) {
  const [feedback, setFeedback] = useState<CopyFeedback>('none');
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setFeedback('none'), COPIED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setFeedback('copied');
      setCopiedAt(Date.now());
    } catch {
      setFeedback('failed');
    }
  }

  return { feedback, copy };
}
