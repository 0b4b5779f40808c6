import { FRAME_SIZE, type FramePixels } from '@/features/practice/safety/frame-pixels';
import type { GuardSide } from '@/features/practice/safety/frame-guard-protocol';

/** Takes one small frame of a stream's video, or null while it has none to give. */
export type FrameGrabber = {
  grab: (side: GuardSide, stream: MediaStream) => FramePixels | null;
  dispose: () => void;
};

/**
 * Grabs frames with a hidden, muted <video> per side drawn into a FRAME_SIZE canvas: the
 * browser already decodes the track, so this only scales one frame a second. The pixels go to the
 * worker and nowhere else.
 */
export function createVideoFrameGrabber(): FrameGrabber {
  const videos = new Map<GuardSide, HTMLVideoElement>();
  let context: CanvasRenderingContext2D | null = null;
  // Made on the first grab: a call with both cameras off never creates it.
  const contextFor = () => {
    if (context) return context;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = FRAME_SIZE;
    context = canvas.getContext('2d', { willReadFrequently: true });
    return context;
  };

  const videoFor = (side: GuardSide, stream: MediaStream) => {
    let video = videos.get(side);
    if (!video) {
      video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      videos.set(side, video);
    }
    if (video.srcObject !== stream) {
      video.srcObject = stream;
      void video.play().catch(() => {});
    }
    return video;
  };

  return {
    grab(side, stream) {
      const video = videoFor(side, stream);
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) {
        return null;
      }
      const context = contextFor();
      if (!context) return null;
      context.drawImage(video, 0, 0, FRAME_SIZE, FRAME_SIZE);
      const { data } = context.getImageData(0, 0, FRAME_SIZE, FRAME_SIZE);
      return { width: FRAME_SIZE, height: FRAME_SIZE, data };
    },
    dispose() {
      for (const video of videos.values()) {
        video.pause();
        video.srcObject = null;
      }
      videos.clear();
    },
  };
}
