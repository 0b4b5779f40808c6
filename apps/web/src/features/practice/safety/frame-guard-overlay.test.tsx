import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PeerProfile } from '@parlo/contract/realtime';
import { initTestI18n } from '@/testing/test-i18n';
import { FrameGuardOverlay, OwnCameraPaused } from './frame-guard-overlay';
import type { FrameGuard } from './frame-guard';
import { FrameGuardPolicy, type FrameSample } from './frame-guard-policy';
import { StateStore } from '@/lib/state-store';

const peer: PeerProfile = { id: 'p1', name: 'Ben', country: 'GB', imageUrl: null, level: 'B1' };
const explicit: FrameSample = {
  scores: { porn: 0.9, hentai: 0, neutral: 0.1, sexy: 0, drawing: 0 },
  luminance: { mean: 120, stdDev: 40 },
};

/** A guard with a real policy and a status store, as the overlay reads them. */
function guardWith(options: { selfMinor?: boolean; revealByDefault?: boolean } = {}) {
  const policy = new FrameGuardPolicy(
    { selfMinor: options.selfMinor ?? false, revealByDefault: options.revealByDefault ?? false },
    {
      now: () => Date.now(),
      onFlag: () => {},
      onStopOwnVideo: () => {},
      onLocalStateChange: () => {},
    },
  );
  const status = new StateStore({
    model: 'ready',
    backend: 'wasm',
    verdicts: 3,
    firstVerdictMs: 500,
    incomingFlagId: null,
  });
  const resumeCamera = vi.fn();
  const guard = Object.assign(status, { policy, resumeCamera }) as unknown as FrameGuard;
  return { guard, resumeCamera };
}

beforeAll(async () => {
  await initTestI18n(['common', 'safety']);
});
afterEach(cleanup);

describe('FrameGuardOverlay', () => {
  it('blurs a flagged partner with End and report, and unblurs only after confirming', async () => {
    const { guard } = guardWith();
    const onEndAndReport = vi.fn();
    render(
      <FrameGuardOverlay guard={guard} peer={peer} videoShown onEndAndReport={onEndAndReport} />,
    );
    expect(screen.queryByTestId('partner-blur')).toBeNull();
    for (let i = 0; i < 3; i++) guard.policy.addIncoming(explicit);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining("We blurred Ben's video"),
    );
    await userEvent.click(screen.getByRole('button', { name: 'End and report' }));
    expect(onEndAndReport).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show video' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Show the video anyway?' });
    // The safe choice has the focus: Enter keeps the blur.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it blurred' }));
    expect(confirm).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, show it' }));
    expect(screen.queryByTestId('partner-blur')).toBeNull();
  });

  it('offers no way to unblur when the user is 16–17', async () => {
    const { guard } = guardWith({ selfMinor: true });
    render(<FrameGuardOverlay guard={guard} peer={peer} videoShown onEndAndReport={() => {}} />);
    guard.policy.reveal();
    guard.policy.partnerReveal({ revealed: true, required: true, minor: true });
    for (let i = 0; i < 3; i++) guard.policy.addIncoming(explicit);
    await screen.findByText('The blur stays on in calls with someone under 18.');
    expect(screen.queryByRole('button', { name: 'Show video' })).toBeNull();
    expect(screen.getByRole('button', { name: 'End and report' })).toBeTruthy();
  });

  it('asks both to reveal, and shows a neutral note about the partner camera', async () => {
    const { guard } = guardWith({ revealByDefault: true });
    render(<FrameGuardOverlay guard={guard} peer={peer} videoShown onEndAndReport={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByText('Waiting for Ben to tap Reveal.')).toBeTruthy();
    guard.policy.partnerReveal({ revealed: true, required: true, minor: false });
    guard.policy.partnerCameraNote('virtual');
    expect(await screen.findByTestId('partner-camera-note')).toHaveProperty(
      'textContent',
      'Ben is using a virtual camera',
    );
    expect(screen.queryByTestId('partner-blur')).toBeNull();
  });
});

describe('OwnCameraPaused', () => {
  it('explains the pause and lets the camera back on only when it is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { guard, resumeCamera } = guardWith();
    render(<OwnCameraPaused guard={guard} />);
    for (let i = 0; i < 3; i++) guard.policy.addOutgoing(explicit);
    const wait = await screen.findByRole('button', { name: /Camera back in 15 seconds/ });
    expect(wait).toHaveProperty('disabled', true);
    await vi.advanceTimersByTimeAsync(15_000);
    const resume = await screen.findByRole('button', { name: 'Turn camera back on' });
    expect(resume).toHaveProperty('disabled', false);
    resume.click();
    expect(resumeCamera).toHaveBeenCalled();
    vi.useRealTimers();
  });
});
