import { useEffect, useState } from 'react';
import { COPIED_CONFIRMATION_MS } from '@parlo/contract/constants';

export type ShareFeedback =
  | { kind: 'none' }
  | { kind: 'copied'; at: number }
  | { kind: 'copy_failed' }
  | { kind: 'share_failed' };

type ShareText = { title: string; text: string };

/** The user closed the share sheet. DOMException is not an Error in every engine. */
function isAbort(error: unknown) {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * Copy and share of the referral link (spec §8 "Bonus modal"): 'Copied' for 2 s, sharing falls
 * back to copying where the browser cannot share, and a share the user cancels is not an error.
 */
export function useShareLink(link: string, shareText: ShareText) {
  const [feedback, setFeedback] = useState<ShareFeedback>({ kind: 'none' });
  const copiedAt = feedback.kind === 'copied' ? feedback.at : null;

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setFeedback({ kind: 'none' }), COPIED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setFeedback({ kind: 'copied', at: Date.now() });
    } catch {
      setFeedback({ kind: 'copy_failed' });
    }
  }

  async function share() {
    if (typeof navigator.share !== 'function') {
      await copy();
      return;
    }
    try {
      await navigator.share({ ...shareText, url: link });
      setFeedback({ kind: 'none' });
    } catch (error) {
      if (!isAbort(error)) setFeedback({ kind: 'share_failed' });
    }
  }

  return { feedback, copy, share };
}
