import {
  callScore,
  strengthOf,
  type ConnectionStrength,
  type StreamMetrics,
} from '@/features/practice/lib/quality-score';
import { StateStore } from '@/lib/state-store';

export type QualityReading = {
  strength: ConnectionStrength;
  score: number;
  packetLoss: number;
  roundTripTimeMs: number;
  jitterMs: number;
  bitrateKbps: number;
  /** The estimate of what the link could carry out, when the browser gives one. */
  bandwidthKbps: number | null;
  frameRate: number | null;
  frameWidth: number | null;
  frameHeight: number | null;
};

export type QualitySnapshot = { reading: QualityReading | null };

export type QualityMonitorDeps = {
  getStats: () => Promise<RTCStatsReport> | null;
  /** Whether the partner's video should be flowing; with it off the call scores on audio alone. */
  videoExpected: () => boolean;
  onReading?: (reading: QualityReading) => void;
  intervalMs?: number;
};

export const QUALITY_SAMPLE_MS = 2_000;

type Counters = { lost: number; received: number; bytes: number; timestamp: number };

type Stat = Record<string, unknown> & { type: string; id: string };

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function statsList(report: RTCStatsReport): Stat[] {
  const list: Stat[] = [];
  report.forEach((stat: Stat) => list.push(stat));
  return list;
}

/** The candidate pair the transport is using, per the report. */
export function selectedCandidatePair(report: RTCStatsReport): Stat | undefined {
  const stats = statsList(report);
  const transport = stats.find((s) => s.type === 'transport' && s.selectedCandidatePairId);
  if (transport) {
    const pair = stats.find((s) => s.id === transport.selectedCandidatePairId);
    if (pair) return pair;
  }
  return stats.find(
    (s) => s.type === 'candidate-pair' && s.state === 'succeeded' && (s.nominated || s.selected),
  );
}

/** 'turn' when the call goes through the relay, 'direct' otherwise (PUT /sessions/{id}/connection). */
export function connectionTypeOf(report: RTCStatsReport): 'direct' | 'turn' | 'unknown' {
  const pair = selectedCandidatePair(report);
  if (!pair) return 'unknown';
  let type: unknown;
  report.forEach((stat: Stat) => {
    if (stat.id === pair.localCandidateId) type = stat.candidateType;
  });
  if (type === 'relay') return 'turn';
  return typeof type === 'string' ? 'direct' : 'unknown';
}

/**
 * Samples `getStats()` every two seconds and turns the incoming audio and video into a reading:
 * loss, latency, jitter and bitrate over the last period, scored as `quality-score` says.
 */
export class QualityMonitor extends StateStore<QualitySnapshot> {
  readonly #deps: QualityMonitorDeps;
  #timer: ReturnType<typeof setInterval> | null = null;
  #previous = new Map<string, Counters>();

  constructor(deps: QualityMonitorDeps) {
    super({ reading: null });
    this.#deps = deps;
  }

  start() {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.sample(), this.#deps.intervalMs ?? QUALITY_SAMPLE_MS);
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async sample(): Promise<QualityReading | null> {
    const pending = this.#deps.getStats();
    if (!pending) return null;
    let report: RTCStatsReport;
    try {
      report = await pending;
    } catch {
      return null;
    }
    const reading = this.#read(report);
    this.setState({ reading });
    this.#deps.onReading?.(reading);
    return reading;
  }

  #read(report: RTCStatsReport): QualityReading {
    const stats = statsList(report);
    const pair = selectedCandidatePair(report);
    const pairRtt = num(pair?.currentRoundTripTime);
    const remoteRtt = stats
      .filter((s) => s.type === 'remote-inbound-rtp')
      .map((s) => num(s.roundTripTime))
      .find((v) => v !== undefined);
    const roundTripTimeMs = Math.round((pairRtt ?? remoteRtt ?? 0) * 1000);

    const inbound = (kind: 'audio' | 'video') =>
      stats.find((s) => s.type === 'inbound-rtp' && (s.kind ?? s.mediaType) === kind);
    const audioStat = inbound('audio');
    const videoStat = this.#deps.videoExpected() ? inbound('video') : undefined;
    const audio = audioStat ? this.#metrics(audioStat, roundTripTimeMs) : null;
    const video = videoStat ? this.#metrics(videoStat, roundTripTimeMs) : null;

    const score = callScore(audio?.metrics ?? null, video?.metrics ?? null);
    const lost = (audio?.lost ?? 0) + (video?.lost ?? 0);
    const expected = lost + (audio?.received ?? 0) + (video?.received ?? 0);
    const bandwidth = num(pair?.availableOutgoingBitrate);
    return {
      strength: strengthOf(score),
      score,
      packetLoss: expected > 0 ? round1((lost / expected) * 100) : 0,
      roundTripTimeMs,
      jitterMs: Math.max(audio?.metrics.jitterMs ?? 0, video?.metrics.jitterMs ?? 0),
      bitrateKbps: (audio?.metrics.bitrateKbps ?? 0) + (video?.metrics.bitrateKbps ?? 0),
      bandwidthKbps: bandwidth === undefined ? null : Math.round(bandwidth / 1000),
      frameRate: num(videoStat?.framesPerSecond) ?? null,
      frameWidth: num(videoStat?.frameWidth) ?? null,
      frameHeight: num(videoStat?.frameHeight) ?? null,
    };
  }

  /** Loss and bitrate over the period since the previous sample of the same stream. */
  #metrics(stat: Stat, roundTripTimeMs: number) {
    const now: Counters = {
      lost: Math.max(0, num(stat.packetsLost) ?? 0),
      received: num(stat.packetsReceived) ?? 0,
      bytes: num(stat.bytesReceived) ?? 0,
      timestamp: num(stat.timestamp) ?? 0,
    };
    const before = this.#previous.get(stat.id) ?? {
      lost: 0,
      received: 0,
      bytes: 0,
      timestamp: now.timestamp - (this.#deps.intervalMs ?? QUALITY_SAMPLE_MS),
    };
    this.#previous.set(stat.id, now);
    const lost = Math.max(0, now.lost - before.lost);
    const received = Math.max(0, now.received - before.received);
    const seconds = Math.max(0.001, (now.timestamp - before.timestamp) / 1000);
    const metrics: StreamMetrics = {
      packetLoss: lost + received > 0 ? (lost / (lost + received)) * 100 : 0,
      roundTripTimeMs,
      jitterMs: Math.round((num(stat.jitter) ?? 0) * 1000),
      bitrateKbps: Math.round(((now.bytes - before.bytes) * 8) / 1000 / seconds),
    };
    return { metrics, lost, received };
  }
}

function round1(value: number) {
  return Math.round(value * 10) / 10;
}
