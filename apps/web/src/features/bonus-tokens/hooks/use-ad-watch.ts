import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AD_PROGRESS_POLL_MS, VIDEO_AD_SECONDS } from '@parlo/contract/constants';
import { tokensQueryKey } from '@/lib/tokens/use-token-balance';
import { useClaimAdReward } from '@/features/bonus-tokens/api/claim-ad-reward';
import { useStartAdView } from '@/features/bonus-tokens/api/start-ad-view';
import { adErrorKind, type AdErrorKind } from '@/features/bonus-tokens/lib/bonus-errors';

export type AdWatchState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'watching'; adViewId: string; watchedSeconds: number }
  | { status: 'claiming'; adViewId: string }
  | { status: 'completed'; granted: number }
  | { status: 'error'; error: AdErrorKind };

/**
 * The rewarded video of spec §4 "Bonus modal": idle → starting (the server records the view) →
 * watching (progress read from the video every 250 ms) → at 15 s the video pauses and the reward
 * is claimed → completed, or an error: the daily limit, a refused grant, a video that cannot play.
 */
export function useAdWatch() {
  const [state, setState] = useState<AdWatchState>({ status: 'idle' });
  const videoRef = useRef<HTMLVideoElement>(null);
  const queryClient = useQueryClient();
  const startAdView = useStartAdView();
  const { mutate: claimReward } = useClaimAdReward();

  function start() {
    if (state.status !== 'idle') return;
    setState({ status: 'starting' });
    startAdView.mutate(undefined, {
      onSuccess: (adView) =>
        setState({ status: 'watching', adViewId: adView.id, watchedSeconds: 0 }),
      onError: (error) => {
        void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
        setState({ status: 'error', error: adErrorKind(error) });
      },
    });
  }

  const watchingId = state.status === 'watching' ? state.adViewId : null;

  useEffect(() => {
    const video = videoRef.current;
    if (!watchingId || !video) return;
    let over = false;

    const finish = (next: AdWatchState) => {
      if (over) return;
      over = true;
      clearInterval(timer);
      video.pause();
      setState(next);
    };
    const fail = () => finish({ status: 'error', error: 'video_failed' });

    const poll = () => {
      if (over) return;
      const watched = Math.min(video.currentTime, VIDEO_AD_SECONDS);
      if (watched < VIDEO_AD_SECONDS) {
        setState((current) =>
          current.status === 'watching' ? { ...current, watchedSeconds: watched } : current,
        );
        return;
      }
      finish({ status: 'claiming', adViewId: watchingId });
      claimReward(watchingId, {
        onSuccess: (grant) => setState({ status: 'completed', granted: grant.granted }),
        onError: (error) => setState({ status: 'error', error: adErrorKind(error) }),
      });
    };
    // A video shorter than the required time cannot earn the reward.
    const onEnded = () => {
      poll();
      fail();
    };

    video.addEventListener('error', fail);
    video.addEventListener('ended', onEnded);
    const timer = setInterval(poll, AD_PROGRESS_POLL_MS);
    if (video.error) fail();
    else {
      // Older engines return nothing from play(); a refusal (autoplay policy, codec) rejects.
      Promise.resolve(video.play()).catch(fail);
    }

    return () => {
      over = true;
      clearInterval(timer);
      video.removeEventListener('error', fail);
      video.removeEventListener('ended', onEnded);
      video.pause();
    };
  }, [watchingId, claimReward]);

  return { state, start, videoRef };
}
