import { mediaErrorPermission, type MediaPermission } from '@/features/search/lib/search-state';

/**
 * Asks for the camera and microphone once, then lets them go: a search needs granted media
 * (spec §5), but the call itself opens its own tracks.
 */
export async function checkMedia(): Promise<MediaPermission> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'error';
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    for (const track of stream.getTracks()) track.stop();
    return 'granted';
  } catch (error) {
    return mediaErrorPermission(error);
  }
}
