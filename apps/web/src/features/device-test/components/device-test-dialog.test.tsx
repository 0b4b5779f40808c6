import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/testing/test-i18n';
import { DeviceTestDialog } from '@/features/device-test/components/device-test-dialog';

type FakeTrack = { kind: string; stop: ReturnType<typeof vi.fn>; getSettings: () => object };

function fakeStream(kinds: string[]) {
  const tracks: FakeTrack[] = kinds.map((kind) => ({
    kind,
    stop: vi.fn(),
    getSettings: () => ({ deviceId: `${kind}-1` }),
  }));
  return {
    tracks,
    stream: {
      getTracks: () => tracks,
      getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
      getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    } as unknown as MediaStream,
  };
}

const device = (kind: MediaDeviceKind, deviceId: string) =>
  ({ kind, deviceId, label: deviceId, groupId: '' }) as MediaDeviceInfo;

let getUserMedia: ReturnType<typeof vi.fn>;
let enumerateDevices: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  await initTestI18n(['common', 'device-test']);
});

beforeEach(() => {
  getUserMedia = vi.fn();
  enumerateDevices = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices },
  });
});

afterEach(() => {
  cleanup();
});

async function open() {
  const view = render(<DeviceTestDialog open onClose={() => {}} />);
  await act(async () => {
    await Promise.resolve();
  });
  return view;
}

describe('DeviceTestDialog', () => {
  it('previews the front camera and offers a picker only where two devices exist', async () => {
    const { stream, tracks } = fakeStream(['video', 'audio']);
    getUserMedia.mockResolvedValue(stream);
    enumerateDevices.mockResolvedValue([
      device('videoinput', 'cam-a'),
      device('videoinput', 'cam-b'),
      device('audioinput', 'mic-a'),
    ]);
    const view = await open();

    expect(screen.getByRole('dialog', { name: 'Test camera and microphone' })).toBeTruthy();
    const [constraints] = getUserMedia.mock.calls[0] as [MediaStreamConstraints];
    expect(constraints.video).toMatchObject({ width: { ideal: 1280 }, facingMode: 'user' });
    expect(await screen.findByLabelText('Camera')).toBeTruthy();
    expect(screen.queryByLabelText('Microphone')).toBeNull();
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();

    view.unmount();
    for (const track of tracks) expect(track.stop).toHaveBeenCalled();
  });

  it('says the camera is missing and still tests the microphone', async () => {
    const { stream } = fakeStream(['audio']);
    getUserMedia
      .mockRejectedValueOnce(Object.assign(new Error('none'), { name: 'NotFoundError' }))
      .mockResolvedValueOnce(stream);
    enumerateDevices.mockResolvedValue([device('audioinput', 'mic-a')]);
    await open();
    expect(await screen.findByText(/Camera not found/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Record' }).disabled).toBe(false);
  });

  it('explains a refusal', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    enumerateDevices.mockResolvedValue([]);
    await open();
    expect(await screen.findByText(/Access to your camera and microphone is blocked/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Record' }).disabled).toBe(true);
  });
});
