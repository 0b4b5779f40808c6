import { describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '@parlo/contract/realtime';
import { CALL_MEDIA_CONSTRAINTS, MediaController } from '@/features/practice/lib/media-controller';
import { fakeStream } from '@/features/practice/testing/fake-webrtc';

function setup(getUserMedia: (c: MediaStreamConstraints) => Promise<unknown>) {
  const sent: ClientMessage[] = [];
  const media = new MediaController({
    getUserMedia: getUserMedia as (c: MediaStreamConstraints) => Promise<MediaStream>,
    send: (m) => sent.push(m),
  });
  return { media, sent };
}

describe('MediaController', () => {
  it('asks for the call constraints and starts with the camera off and the microphone on', async () => {
    const stream = fakeStream();
    const getUserMedia = vi.fn(() => Promise.resolve(stream));
    const { media } = setup(getUserMedia);
    const pending = media.start();
    expect(media.getSnapshot().status).toBe('requesting');
    await pending;

    expect(getUserMedia).toHaveBeenCalledWith(CALL_MEDIA_CONSTRAINTS);
    expect(CALL_MEDIA_CONSTRAINTS.video).toMatchObject({ facingMode: 'user' });
    expect(media.getSnapshot()).toMatchObject({
      status: 'granted',
      cameraEnabled: false,
      microphoneEnabled: true,
      hasCamera: true,
    });
    expect(stream.getVideoTracks()[0]?.enabled).toBe(false);
    expect(stream.getAudioTracks()[0]?.enabled).toBe(true);
  });

  it('toggles the tracks and tells the partner', async () => {
    const stream = fakeStream();
    const { media, sent } = setup(() => Promise.resolve(stream));
    await media.start();
    media.toggleCamera();
    media.toggleMicrophone();
    expect(stream.getVideoTracks()[0]?.enabled).toBe(true);
    expect(stream.getAudioTracks()[0]?.enabled).toBe(false);
    expect(sent).toEqual([
      { type: 'camera_toggled', payload: { enabled: true } },
      { type: 'microphone_toggled', payload: { enabled: false } },
    ]);
  });

  it('falls back to audio when there is no camera, and is denied on a refusal', async () => {
    const notFound = Object.assign(new Error('no camera'), { name: 'NotFoundError' });
    const audioOnly = fakeStream(['audio']);
    const getUserMedia = vi
      .fn<(c: MediaStreamConstraints) => Promise<unknown>>()
      .mockRejectedValueOnce(notFound)
      .mockResolvedValueOnce(audioOnly);
    const first = setup(getUserMedia);
    await first.media.start();
    expect(first.media.getSnapshot()).toMatchObject({ status: 'granted', hasCamera: false });

    const denied = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    const second = setup(() => Promise.reject(denied));
    expect(await second.media.start()).toBeNull();
    expect(second.media.getSnapshot().status).toBe('denied');
  });

  it('stops every track, even those granted after the call ended', async () => {
    const stream = fakeStream();
    let resolve: (s: unknown) => void = () => {};
    const { media } = setup(() => new Promise((r) => (resolve = r)));
    const pending = media.start();
    media.stop();
    resolve(stream);
    expect(await pending).toBeNull();
    expect(stream.tracks.every((t) => t.stopped)).toBe(true);
  });
});
