import { describe, expect, it } from 'vitest';
import { connectionTypeOf, QualityMonitor } from '@/features/practice/lib/quality-monitor';

type Stat = Record<string, unknown>;

function report(stats: Stat[]) {
  return new Map(stats.map((s) => [s.id as string, s])) as unknown as RTCStatsReport;
}

const pair = (rtt: number, local = 'L1') => ({
  id: 'P1',
  type: 'candidate-pair',
  state: 'succeeded',
  nominated: true,
  currentRoundTripTime: rtt,
  availableOutgoingBitrate: 2_000_000,
  localCandidateId: local,
});

function inbound(
  kind: 'audio' | 'video',
  t: number,
  lost: number,
  received: number,
  bytes: number,
) {
  return {
    id: `in-${kind}`,
    type: 'inbound-rtp',
    kind,
    timestamp: t,
    packetsLost: lost,
    packetsReceived: received,
    bytesReceived: bytes,
    jitter: 0.01,
    ...(kind === 'video' ? { framesPerSecond: 30, frameWidth: 1280, frameHeight: 720 } : {}),
  };
}

describe('QualityMonitor', () => {
  it('turns two samples into loss, latency, jitter, bitrate and a strength', async () => {
    let current = report([]);
    let video = true;
    const monitor = new QualityMonitor({
      getStats: () => Promise.resolve(current),
      videoExpected: () => video,
    });
    current = report([
      pair(0.05),
      inbound('audio', 0, 0, 100, 10_000),
      inbound('video', 0, 0, 1000, 100_000),
    ]);
    await monitor.sample();
    // Two seconds later: video lost 60 of 1000 (6 %), 250 kB in 2 s = 1000 kbps.
    current = report([
      pair(0.05),
      inbound('audio', 2000, 0, 200, 18_000),
      inbound('video', 2000, 60, 1940, 350_000),
    ]);
    const reading = await monitor.sample();
    expect(reading).toMatchObject({
      roundTripTimeMs: 50,
      jitterMs: 10,
      bitrateKbps: 32 + 1000,
      frameRate: 30,
      frameWidth: 1280,
      frameHeight: 720,
      bandwidthKbps: 2000,
    });
    expect(reading?.packetLoss).toBeCloseTo((60 / (60 + 940 + 100)) * 100, 1);
    // video 70 (6 % loss), audio 100 → 82
    expect(reading?.score).toBe(82);
    expect(reading?.strength).toBe('excellent');
    expect(monitor.getSnapshot().reading).toBe(reading);

    video = false;
    current = report([pair(0.05), inbound('audio', 4000, 0, 300, 26_000)]);
    expect((await monitor.sample())?.score).toBe(100);
  });

  it('reads none when there is no connection to sample', async () => {
    const monitor = new QualityMonitor({ getStats: () => null, videoExpected: () => true });
    expect(await monitor.sample()).toBeNull();
    expect(monitor.getSnapshot().reading).toBeNull();
  });
});

describe('connectionTypeOf', () => {
  it('says turn for a relayed pair, direct otherwise, unknown without a pair', () => {
    const relay = report([
      { id: 'T', type: 'transport', selectedCandidatePairId: 'P1' },
      pair(0.1, 'L1'),
      { id: 'L1', type: 'local-candidate', candidateType: 'relay' },
    ]);
    expect(connectionTypeOf(relay)).toBe('turn');
    const host = report([
      pair(0.1, 'L2'),
      { id: 'L2', type: 'local-candidate', candidateType: 'srflx' },
    ]);
    expect(connectionTypeOf(host)).toBe('direct');
    expect(connectionTypeOf(report([]))).toBe('unknown');
  });
});
