import { describe, expect, it } from 'vitest';
import { previewProblem, splitDevices } from '@/features/device-test/lib/media-devices';

const device = (kind: MediaDeviceKind, deviceId: string) =>
  ({ kind, deviceId, label: deviceId, groupId: '' }) as MediaDeviceInfo;
const named = (name: string) => Object.assign(new Error(name), { name });

describe('previewProblem', () => {
  const none = { cameras: [], microphones: [] };
  const micOnly = splitDevices([device('audioinput', 'm1')]);
  const camOnly = splitDevices([device('videoinput', 'c1')]);

  it('tells which device is missing', () => {
    expect(previewProblem(named('NotFoundError'), none)).toBe('devices_not_found');
    expect(previewProblem(named('NotFoundError'), micOnly)).toBe('camera_not_found');
    expect(previewProblem(named('NotFoundError'), camOnly)).toBe('microphone_not_found');
  });

  it('tells a refusal from other failures', () => {
    expect(previewProblem(named('NotAllowedError'), micOnly)).toBe('denied');
    expect(previewProblem(named('NotReadableError'), micOnly)).toBe('generic');
  });

  it('splits cameras from microphones', () => {
    const lists = splitDevices([
      device('videoinput', 'c1'),
      device('audioinput', 'm1'),
      device('audiooutput', 's1'),
    ]);
    expect(lists.cameras.map((d) => d.deviceId)).toEqual(['c1']);
    expect(lists.microphones.map((d) => d.deviceId)).toEqual(['m1']);
  });
});
