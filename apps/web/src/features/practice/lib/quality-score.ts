import type { ConnectionQuality } from '@parlo/contract/realtime';

export type ConnectionStrength = ConnectionQuality['strength'];

/** What one kind of incoming media looked like over the last sample period. */
export type StreamMetrics = {
  /** Lost packets as a percentage of those expected, 0–100. */
  packetLoss: number;
  roundTripTimeMs: number;
  jitterMs: number;
  bitrateKbps: number;
};

/**
 * Each score starts at 100 and loses the points of the first (worst) row it reaches in every
 * table below, then is clamped to 0–100 (spec §9):
 *
 * | metric        | step 1        | step 2        | step 3          | step 4          |
 * |---------------|---------------|---------------|-----------------|-----------------|
 * | packet loss   | ≥ 1 %  → −5   | ≥ 2 %  → −15  | ≥ 5 %  → −30    | ≥ 10 % → −50    |
 * | round trip    | ≥ 150 ms → −10| ≥ 300 ms → −20| ≥ 500 ms → −30  |                 |
 * | jitter        | ≥ 30 ms → −5  | ≥ 50 ms → −10 | ≥ 100 ms → −20  |                 |
 * | video bitrate | < 500 kbps → −10 | < 300 kbps → −20 | < 150 kbps → −30 |            |
 *
 * The bitrate table applies to video only: speech needs a few dozen kbps, so a low audio bitrate
 * says nothing about the link. The call's score is 60 % video + 40 % audio, or the audio score
 * alone when no video is flowing (both cameras off, or none).
 */
export const LOSS_STEPS = [
  { from: 10, penalty: 50 },
  { from: 5, penalty: 30 },
  { from: 2, penalty: 15 },
  { from: 1, penalty: 5 },
] as const;
export const RTT_STEPS = [
  { from: 500, penalty: 30 },
  { from: 300, penalty: 20 },
  { from: 150, penalty: 10 },
] as const;
export const JITTER_STEPS = [
  { from: 100, penalty: 20 },
  { from: 50, penalty: 10 },
  { from: 30, penalty: 5 },
] as const;
export const VIDEO_BITRATE_STEPS = [
  { below: 150, penalty: 30 },
  { below: 300, penalty: 20 },
  { below: 500, penalty: 10 },
] as const;

export const VIDEO_WEIGHT = 0.6;
export const AUDIO_WEIGHT = 0.4;

function penaltyFrom(value: number, steps: readonly { from: number; penalty: number }[]) {
  return steps.find((step) => value >= step.from)?.penalty ?? 0;
}

function penaltyBelow(value: number, steps: readonly { below: number; penalty: number }[]) {
  return steps.find((step) => value < step.below)?.penalty ?? 0;
}

const clamp = (score: number) => Math.min(100, Math.max(0, score));

export function audioScore(metrics: StreamMetrics): number {
  return clamp(
    100 -
      penaltyFrom(metrics.packetLoss, LOSS_STEPS) -
      penaltyFrom(metrics.roundTripTimeMs, RTT_STEPS) -
      penaltyFrom(metrics.jitterMs, JITTER_STEPS),
  );
}

export function videoScore(metrics: StreamMetrics): number {
  return clamp(audioScore(metrics) - penaltyBelow(metrics.bitrateKbps, VIDEO_BITRATE_STEPS));
}

/** The weighted score of a call; 0 when no media flows at all. */
export function callScore(audio: StreamMetrics | null, video: StreamMetrics | null): number {
  if (!video) return audio ? audioScore(audio) : 0;
  if (!audio) return videoScore(video);
  return Math.round(VIDEO_WEIGHT * videoScore(video) + AUDIO_WEIGHT * audioScore(audio));
}

export function strengthOf(score: number): ConnectionStrength {
  if (score >= 80) return 'excellent';
  if (score >= 60) return 'good';
  if (score >= 40) return 'fair';
  if (score > 0) return 'poor';
  return 'none';
}
