import type { SessionEndReason } from '@parlo/contract/constants';
import type { ErrorCode } from '@parlo/contract/errors';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Route label of requests no route matched, so probes of random paths add no series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the gauges read on each scrape; nothing on a hot path is touched to keep them current. */
export interface LiveGaugeSources {
  connectedSockets: () => number;
  activeSessions: () => number;
  /** The broker's queue (DESIGN §2 Seams: Broker). */
  broker: {
    queuedLanguages(): Promise<string[]>;
    tickets(languageCode: string): Promise<readonly unknown[]>;
  };
}

export interface Metrics {
  readonly registry: Registry;
  /** Points the live gauges at this instance's gateway, lifecycle and broker. */
  watchLive: (sources: LiveGaugeSources) => void;
  matched: (waitMs: number) => void;
  sessionEnded: (reason: SessionEndReason) => void;
  errorReplied: (code: ErrorCode) => void;
  requestServed: (method: string, route: string | undefined, status: number, ms: number) => void;
}

/**
 * The instruments of one app instance, on a registry of its own (never prom-client's global
 * one), so several apps in one process count apart. The recording methods are plain
 * synchronous calls, safe to hand to services as callbacks.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  // prom-client's default metrics are left out: their GC observer alone took signalling relay
  // p99 from ~3 ms to 12-20 ms in bench/relay-latency.mjs. These few are read on scrape only.
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory size in bytes',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use, in bytes',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time spent, in seconds',
    registers: [registry],
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });
  let live: LiveGaugeSources | undefined;

  new Gauge({
    name: 'parlo_sockets_connected',
    help: 'Sockets open on this instance',
    registers: [registry],
    collect() {
      this.set(live?.connectedSockets() ?? 0);
    },
  });
  new Gauge({
    name: 'parlo_sessions_active',
    help: 'Calls in progress on this instance',
    registers: [registry],
    collect() {
      this.set(live?.activeSessions() ?? 0);
    },
  });
  new Gauge({
    name: 'parlo_queue_length',
    help: 'Tickets waiting in the matchmaking queue, by language (shared by all instances)',
    labelNames: ['language'],
    registers: [registry],
    async collect() {
      const broker = live?.broker;
      const languages = broker ? await broker.queuedLanguages() : [];
      const lengths = await Promise.all(
        languages.map(async (language) => (await broker!.tickets(language)).length),
      );
      // A language whose queue emptied since the last scrape is dropped, not left at its count.
      this.reset();
      languages.forEach((language, index) => this.set({ language }, lengths[index]!));
    },
  });
  const matchWait = new Histogram({
    name: 'parlo_match_wait_seconds',
    help: 'Wait of the longer-waiting learner of each pair, from search to match',
    buckets: [1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120, 300],
    registers: [registry],
  });
  const sessionEnds = new Counter({
    name: 'parlo_session_end_reasons_total',
    help: 'Sessions ended, by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'parlo_errors_total',
    help: 'Error responses, by error code (a domain code, else the HTTP status)',
    labelNames: ['code'],
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'parlo_http_request_duration_seconds',
    help: 'HTTP request duration, by route pattern',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });

  return {
    registry,
    watchLive(sources) {
      live = sources;
    },
    matched(waitMs) {
      matchWait.observe(Math.max(0, waitMs) / 1000);
    },
    sessionEnded(reason) {
      sessionEnds.inc({ reason });
    },
    errorReplied(code) {
      errors.inc({ code: String(code) });
    },
    requestServed(method, route, statusCode, ms) {
      requestDuration.observe(
        { method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) },
        ms / 1000,
      );
    },
  };
}
