import { describe, expect, it } from 'vitest';
import {
  audioScore,
  callScore,
  strengthOf,
  videoScore,
  type StreamMetrics,
} from '@/features/practice/lib/quality-score';

const clean: StreamMetrics = { packetLoss: 0, roundTripTimeMs: 40, jitterMs: 5, bitrateKbps: 1500 };

describe('quality score steps', () => {
  it.each([
    [0.5, 100],
    [1, 95],
    [2, 85],
    [5, 70],
    [10, 50],
    [40, 50],
  ])('packet loss %s %% scores audio %s', (packetLoss, expected) => {
    expect(audioScore({ ...clean, packetLoss })).toBe(expected);
  });

  it.each([
    [149, 100],
    [150, 90],
    [300, 80],
    [500, 70],
  ])('round trip %s ms scores audio %s', (roundTripTimeMs, expected) => {
    expect(audioScore({ ...clean, roundTripTimeMs })).toBe(expected);
  });

  it.each([
    [29, 100],
    [30, 95],
    [50, 90],
    [100, 80],
  ])('jitter %s ms scores audio %s', (jitterMs, expected) => {
    expect(audioScore({ ...clean, jitterMs })).toBe(expected);
  });

  it.each([
    [500, 100],
    [499, 90],
    [299, 80],
    [149, 70],
  ])('video bitrate %s kbps scores video %s', (bitrateKbps, expected) => {
    expect(videoScore({ ...clean, bitrateKbps })).toBe(expected);
  });

  it('ignores bitrate for audio, and never goes below 0', () => {
    expect(audioScore({ ...clean, bitrateKbps: 24 })).toBe(100);
    const awful = { packetLoss: 50, roundTripTimeMs: 2000, jitterMs: 500, bitrateKbps: 10 };
    expect(audioScore(awful)).toBe(0);
    expect(videoScore(awful)).toBe(0);
  });
});

describe('callScore', () => {
  it('weighs video 60 % and audio 40 %', () => {
    const video = { ...clean, bitrateKbps: 100 }; // 70
    const audio = { ...clean, packetLoss: 5 }; // 70 audio
    expect(callScore(audio, video)).toBe(Math.round(0.6 * 70 + 0.4 * 70));
    expect(callScore(clean, { ...clean, bitrateKbps: 400 })).toBe(94); // 0.6*90 + 0.4*100
  });

  it('uses the audio score alone without video, and 0 without any media', () => {
    expect(callScore({ ...clean, roundTripTimeMs: 300 }, null)).toBe(80);
    expect(callScore(null, null)).toBe(0);
  });
});

describe('strengthOf', () => {
  it.each([
    [100, 'excellent'],
    [80, 'excellent'],
    [79, 'good'],
    [60, 'good'],
    [59, 'fair'],
    [40, 'fair'],
    [39, 'poor'],
    [1, 'poor'],
    [0, 'none'],
  ])('%s is %s', (score, strength) => {
    expect(strengthOf(score)).toBe(strength);
  });
});
