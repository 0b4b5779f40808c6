import { describe, expect, it, vi } from 'vitest';
import {
  EXPLICIT_FRAME_THRESHOLD,
  FrameGuardPolicy,
  isVirtualCameraLabel,
  OUTGOING_PAUSE_MS,
  type FrameSample,
} from './frame-guard-policy';

/** A sample whose explicit probability (porn + hentai) is `explicit`, split as `split`. */
function sample(explicit: number, split: 'porn' | 'hentai' = 'porn', mean = 120): FrameSample {
  const rest = 1 - explicit;
  return {
    scores: {
      porn: split === 'porn' ? explicit : 0,
      hentai: split === 'hentai' ? explicit : 0,
      neutral: rest * 0.8,
      sexy: rest * 0.1,
      drawing: rest * 0.1,
    },
    luminance: { mean, stdDev: mean < 24 ? 2 : 40 },
  };
}

function setup(options = { selfMinor: false, revealByDefault: false }) {
  let now = 1_000;
  const deps = {
    now: () => now,
    onFlag: vi.fn(),
    onStopOwnVideo: vi.fn(),
    onLocalStateChange: vi.fn(),
  };
  const policy = new FrameGuardPolicy(options, deps);
  return { policy, deps, advance: (ms: number) => (now += ms) };
}

/** Recorded explicit scores (porn + hentai) of five-second stretches of calls. */
const SEQUENCES = {
  neutralCall: [0.02, 0.01, 0.05, 0.03, 0.02, 0.04, 0.01, 0.02],
  // Skin-heavy but harmless: a close face in warm light sits under the threshold.
  closeFaceWarmLight: [0.41, 0.55, 0.62, 0.48, 0.66, 0.52, 0.58],
  // Two explicit frames in a row (a flash), then normal: not enough for a flag.
  twoFrameFlash: [0.05, 0.91, 0.88, 0.04, 0.03, 0.02, 0.06],
  // Three over the threshold among five, not in a row.
  threeOfFive: [0.82, 0.1, 0.77, 0.2, 0.95],
  // Over, under, over, under: never three within five.
  alternating: [0.9, 0.1, 0.1, 0.9, 0.1, 0.1, 0.9, 0.1, 0.1],
} as const;

describe('FrameGuardPolicy: 3 of the last 5 samples', () => {
  it.each([
    ['neutralCall', false],
    ['closeFaceWarmLight', false],
    ['twoFrameFlash', false],
    ['alternating', false],
    ['threeOfFive', true],
  ] as const)('incoming %s → flagged %s', (name, flagged) => {
    const { policy, deps } = setup();
    for (const score of SEQUENCES[name]) policy.addIncoming(sample(score));
    expect(policy.getSnapshot().incoming).toBe(flagged ? 'flagged' : 'clear');
    expect(policy.getSnapshot().partnerBlurred).toBe(flagged);
    expect(deps.onFlag).toHaveBeenCalledTimes(flagged ? 1 : 0);
  });

  it('counts a frame exactly at the threshold, not one just under', () => {
    const at = setup();
    for (let i = 0; i < 3; i++) at.policy.addIncoming(sample(EXPLICIT_FRAME_THRESHOLD));
    expect(at.policy.getSnapshot().incoming).toBe('flagged');
    const under = setup();
    for (let i = 0; i < 5; i++) under.policy.addIncoming(sample(EXPLICIT_FRAME_THRESHOLD - 0.01));
    expect(under.policy.getSnapshot().incoming).toBe('clear');
  });

  it('sends the server the highest score, the frame count and the larger category', () => {
    const { policy, deps } = setup();
    for (const score of [0.75, 0.8, 0.1, 0.93]) policy.addIncoming(sample(score, 'hentai'));
    expect(deps.onFlag).toHaveBeenCalledWith({
      side: 'incoming',
      category: 'hentai',
      score: 0.93,
      frameCount: 3,
    });
  });

  it('ignores "sexy" however high', () => {
    const { policy } = setup();
    for (let i = 0; i < 5; i++) {
      policy.addIncoming({
        scores: { porn: 0.05, hentai: 0, sexy: 0.9, neutral: 0.05, drawing: 0 },
        luminance: { mean: 120, stdDev: 40 },
      });
    }
    expect(policy.getSnapshot().incoming).toBe('clear');
  });
});

describe('FrameGuardPolicy: incoming flag and unblur', () => {
  function flagged(options = { selfMinor: false, revealByDefault: false }) {
    const context = setup(options);
    for (let i = 0; i < 3; i++) context.policy.addIncoming(sample(0.9));
    return context;
  }

  it('unblurs only after a second confirmation', () => {
    const { policy } = flagged();
    expect(policy.requestUnblur()).toBe(true);
    expect(policy.getSnapshot().partnerBlurred).toBe(true);
    policy.cancelUnblur();
    expect(policy.getSnapshot().incoming).toBe('flagged');
    expect(policy.confirmUnblur()).toBe(false);
    policy.requestUnblur();
    expect(policy.confirmUnblur()).toBe(true);
    expect(policy.getSnapshot()).toMatchObject({ incoming: 'unblurred', partnerBlurred: false });
  });

  it('never unblurs when this side is 16–17', () => {
    const { policy } = flagged({ selfMinor: true, revealByDefault: false });
    expect(policy.requestUnblur()).toBe(false);
    expect(policy.confirmUnblur()).toBe(false);
    expect(policy.getSnapshot().partnerBlurred).toBe(true);
  });

  it('never unblurs when the partner says they are 16–17, and takes an unblur back', () => {
    const { policy } = flagged();
    policy.requestUnblur();
    policy.confirmUnblur();
    policy.partnerReveal({ revealed: true, required: true, minor: true });
    expect(policy.getSnapshot()).toMatchObject({ incoming: 'flagged', partnerBlurred: true });
    expect(policy.requestUnblur()).toBe(false);
  });

  it('reports one incoming flag per call however often it fires', () => {
    const { policy, deps } = flagged();
    policy.requestUnblur();
    policy.confirmUnblur();
    for (let i = 0; i < 3; i++) policy.addIncoming(sample(0.9));
    expect(policy.getSnapshot().incoming).toBe('flagged');
    expect(deps.onFlag).toHaveBeenCalledTimes(1);
  });
});

describe('FrameGuardPolicy: outgoing flag', () => {
  it('stops the own video at once and allows it back after the pause, doubled next time', () => {
    const { policy, deps, advance } = setup();
    for (const score of SEQUENCES.threeOfFive) policy.addOutgoing(sample(score));
    expect(deps.onStopOwnVideo).toHaveBeenCalledTimes(1);
    expect(deps.onFlag).toHaveBeenCalledWith(expect.objectContaining({ side: 'outgoing' }));
    expect(policy.getSnapshot().outgoing).toBe('paused');
    advance(OUTGOING_PAUSE_MS - 1);
    expect(policy.resume()).toBe(false);
    advance(1);
    expect(policy.resume()).toBe(true);
    expect(policy.getSnapshot().outgoing).toBe('sending');

    for (let i = 0; i < 3; i++) policy.addOutgoing(sample(0.9));
    expect(deps.onStopOwnVideo).toHaveBeenCalledTimes(2);
    advance(OUTGOING_PAUSE_MS);
    expect(policy.canResume()).toBe(false);
    advance(OUTGOING_PAUSE_MS);
    expect(policy.canResume()).toBe(true);
  });

  it('does not sample while paused', () => {
    const { policy, deps } = setup();
    for (let i = 0; i < 3; i++) policy.addOutgoing(sample(0.9));
    for (let i = 0; i < 5; i++) policy.addOutgoing(sample(0.9));
    expect(deps.onStopOwnVideo).toHaveBeenCalledTimes(1);
  });
});

describe('FrameGuardPolicy: camera notes', () => {
  it('notes a covered camera after 3 dark frames of 5 and clears it when light comes back', () => {
    const { policy, deps } = setup();
    policy.addOutgoing(sample(0, 'porn', 5));
    policy.addOutgoing(sample(0, 'porn', 5));
    expect(policy.getSnapshot().ownCameraNote).toBe('none');
    policy.addOutgoing(sample(0, 'porn', 5));
    expect(policy.getSnapshot().ownCameraNote).toBe('covered');
    expect(deps.onLocalStateChange).toHaveBeenLastCalledWith({
      revealed: false,
      required: false,
      minor: false,
      note: 'covered',
    });
    for (let i = 0; i < 3; i++) policy.addOutgoing(sample(0, 'porn', 120));
    expect(policy.getSnapshot().ownCameraNote).toBe('none');
  });

  it('notes a virtual camera from its label', () => {
    const { policy } = setup();
    policy.setCameraLabel('OBS Virtual Camera');
    expect(policy.getSnapshot().ownCameraNote).toBe('virtual');
    expect(isVirtualCameraLabel('ManyCam Video Source')).toBe(true);
    expect(isVirtualCameraLabel('Snap Camera')).toBe(true);
    expect(isVirtualCameraLabel('XSplit VCam')).toBe(true);
    expect(isVirtualCameraLabel('FaceTime HD Camera')).toBe(false);
    expect(isVirtualCameraLabel('Integrated Webcam (0bda:58f4)')).toBe(false);
    expect(isVirtualCameraLabel('Jobs Camera')).toBe(false);
  });
});

describe('FrameGuardPolicy: reveal together', () => {
  it('keeps the partner blurred until both sides revealed', () => {
    const { policy, deps } = setup({ selfMinor: false, revealByDefault: true });
    expect(policy.getSnapshot().partnerBlurred).toBe(true);
    policy.reveal();
    expect(deps.onLocalStateChange).toHaveBeenCalledWith({
      revealed: true,
      required: true,
      minor: false,
      note: 'none',
    });
    expect(policy.getSnapshot().partnerBlurred).toBe(true);
    policy.partnerReveal({ revealed: true, required: true, minor: false });
    expect(policy.getSnapshot().partnerBlurred).toBe(false);
  });

  it('is on for 16–17 whatever the setting, and turned on by a partner who is 16–17', () => {
    expect(setup({ selfMinor: true, revealByDefault: false }).policy.getSnapshot()).toMatchObject({
      revealRequired: true,
      partnerBlurred: true,
    });
    const { policy } = setup();
    expect(policy.getSnapshot().partnerBlurred).toBe(false);
    policy.partnerReveal({ revealed: false, required: true, minor: true });
    expect(policy.getSnapshot()).toMatchObject({ revealRequired: true, partnerBlurred: true });
  });

  it("turns on and is announced when the partner's setting asks for it", () => {
    const { policy, deps } = setup();
    policy.partnerReveal({ revealed: false, required: true, minor: false });
    expect(policy.getSnapshot()).toMatchObject({ revealRequired: true, partnerBlurred: true });
    expect(deps.onLocalStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ required: true, revealed: false }),
    );
    policy.reveal();
    policy.partnerReveal({ revealed: true, required: true, minor: false });
    expect(policy.getSnapshot().partnerBlurred).toBe(false);
  });

  it('a flag blurs even after both revealed', () => {
    const { policy } = setup({ selfMinor: false, revealByDefault: true });
    policy.reveal();
    policy.partnerReveal({ revealed: true, required: true, minor: false });
    for (let i = 0; i < 3; i++) policy.addIncoming(sample(0.9));
    expect(policy.getSnapshot().partnerBlurred).toBe(true);
  });
});
