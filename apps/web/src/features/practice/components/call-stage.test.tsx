import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { initTestI18n } from '@/testing/test-i18n';
import { CallStage } from '@/features/practice/components/call-stage';
import { sessionPayload } from '@/features/practice/testing/session-payload';

const { peerProfile } = sessionPayload();

function renderStage(overrides: Partial<Parameters<typeof CallStage>[0]> = {}) {
  return render(
    <CallStage
      peer={peerProfile}
      languageCode="es"
      connected
      localStream={null}
      remoteStream={null}
      cameraEnabled={false}
      peerCameraEnabled
      peerMicrophoneEnabled
      {...overrides}
    />,
  );
}

beforeAll(async () => {
  await initTestI18n(['practice', 'forms']);
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('CallStage', () => {
  it("shows the partner's muted microphone on their video tile", () => {
    const { rerender } = renderStage();
    expect(screen.queryByRole('img', { name: "Lucía's microphone is off" })).toBeNull();

    rerender(
      <CallStage
        peer={peerProfile}
        languageCode="es"
        connected
        localStream={null}
        remoteStream={null}
        cameraEnabled={false}
        peerCameraEnabled
        peerMicrophoneEnabled={false}
      />,
    );
    expect(screen.getByTestId('remote-video')).toBeTruthy();
    expect(screen.getByRole('img', { name: "Lucía's microphone is off" })).toBeTruthy();
  });

  it('shows it too when the partner camera is off but the own camera is on', () => {
    renderStage({ cameraEnabled: true, peerCameraEnabled: false, peerMicrophoneEnabled: false });
    expect(screen.getByTestId('partner-camera-off')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: "Lucía's microphone is off" })).toHaveLength(1);
  });

  it('keeps the muted mark of the audio-only card', () => {
    renderStage({ peerCameraEnabled: false, peerMicrophoneEnabled: false });
    expect(screen.getAllByRole('img', { name: "Lucía's microphone is off" })).toHaveLength(1);
  });

  it.each([
    ['es', 'El micrófono de Lucía está apagado'],
    ['pt', 'O microfone de Lucía está desligado'],
    ['ko', 'Lucía님의 마이크가 꺼져 있습니다'],
    ['ja', 'Lucíaさんのマイクはオフです'],
  ])('labels the muted mark in %s', async (language, label) => {
    await i18n.changeLanguage(language);
    renderStage({ peerMicrophoneEnabled: false });
    expect(screen.getByRole('img', { name: label })).toBeTruthy();
  });
});
