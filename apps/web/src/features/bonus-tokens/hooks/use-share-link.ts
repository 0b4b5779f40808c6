import { useState } from 'react';
import { useCopy } from '@/lib/use-copy';

export type ShareFeedback = 'none' | 'copied' | 'copy_failed' | 'share_failed';

type ShareText = { title: string; text: string };

/** The user closed the share sheet. DOMException is not an Error in every engine. */
function isAbort(error: unknown) {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * Copy and share of the referral link (spec §8 "Bonus modal"): copying as `useCopy` ('Copied' for
 * 2 s), sharing falls back to copying where the browser cannot share, and a share the user
 * cancels is not an error.
 */
export function useShareLink(link: string, shareText: ShareText) {
  const { feedback: copyFeedback, copy: copyLink } = useCopy(link);
  const [shareFailed, setShareFailed] = useState(false);

  async function copy() {
    setShareFailed(false);
    await copyLink();
  }

  async function share() {
    if (typeof navigator.share !== 'function') {
      await copy();
      return;
    }
    setShareFailed(false);
    try {
      await navigator.share({ ...shareText, url: link });
    } catch (error) {
      if (!isAbort(error)) setShareFailed(true);
    }
  }

  const feedback: ShareFeedback = shareFailed
    ? 'share_failed'
    : copyFeedback === 'failed'
      ? 'copy_failed'
      : copyFeedback;
  return { feedback, copy, share };
}
