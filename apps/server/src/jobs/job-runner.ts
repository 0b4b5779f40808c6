import type { FastifyBaseLogger } from 'fastify';
import type { AdvisoryLocks } from '../db/advisory-lock.ts';
import type { Clock } from '../lib/clock.ts';
import { createTimerScheduler, type Scheduler } from '../lib/scheduler.ts';

export interface JobContext {
  /** The run's "now", read once from the clock when the run starts. */
  now: Date;
  /** Aborted when the app closes; a job checks it between batches and stops early. */
  signal: AbortSignal;
}

/** What a run did, as counts (`{ purged: 3, failed: 0 }`); logged with the job's name. */
export type JobSummary = Record<string, number>;

export interface Job {
  name: string;
  /** Advisory-lock key shared by every instance, so only one of them runs the job at a time. */
  lockKey: number;
  /** One round of work. Throwing is logged and the job is tried again at the next tick. */
  run(context: JobContext): Promise<JobSummary>;
}

export type JobRun =
  | { status: 'done'; summary: JobSummary }
  | { status: 'skipped'; reason: 'running_here' | 'locked_elsewhere' | 'stopped' }
  | { status: 'failed'; error: unknown };

export interface JobRunner {
  /** Schedules every job: a first round shortly after start, then one per interval. */
  start(): void;
  /** Runs one job now, under its lock; tests call it with a clock they move by hand. */
  run(name: string): Promise<JobRun>;
  /** Cancels the schedule, asks running jobs to stop and waits for them. */
  stop(): Promise<void>;
}

export interface JobRunnerDeps {
  jobs: readonly Job[];
  locks: AdvisoryLocks;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'debug' | 'error'>;
  intervalMs: number;
  scheduler?: Scheduler;
}

/**
 * The first round waits for start-up to settle but not a whole interval, so instances that restart
 * more often than the interval still run their jobs.
 */
export const FIRST_RUN_DELAY_MS = 60_000;

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { clock, log, locks } = deps;
  const scheduler = deps.scheduler ?? createTimerScheduler();
  const jobs = new Map(deps.jobs.map((job) => [job.name, job]));
  // The advisory lock keeps other instances out; this keeps a slow run and the next tick of the
  // same instance apart (on PGlite the lock cannot, its single session re-enters it).
  const running = new Map<string, Promise<JobRun>>();
  const stopping = new AbortController();
  const cancels: (() => void)[] = [];

  async function execute(job: Job): Promise<JobRun> {
    const startedAt = performance.now();
    try {
      const locked = await locks.tryWithLock(job.lockKey, () =>
        job.run({ now: clock.now(), signal: stopping.signal }),
      );
      if (!locked.acquired) {
        log.debug({ job: job.name }, 'job skipped: another instance is running it');
        return { status: 'skipped', reason: 'locked_elsewhere' };
      }
      const durationMs = Math.round(performance.now() - startedAt);
      log.info({ job: job.name, ...locked.value, durationMs }, 'job finished');
      return { status: 'done', summary: locked.value };
    } catch (error) {
      log.error({ err: error, job: job.name }, 'job failed; it runs again at the next tick');
      return { status: 'failed', error };
    }
  }

  function run(name: string): Promise<JobRun> {
    const job = jobs.get(name);
    if (!job) return Promise.reject(new Error(`Unknown job: ${name}`));
    if (stopping.signal.aborted) return Promise.resolve({ status: 'skipped', reason: 'stopped' });
    const current = running.get(name);
    if (current) return current.then(() => ({ status: 'skipped', reason: 'running_here' }));
    const started = execute(job).finally(() => running.delete(name));
    running.set(name, started);
    return started;
  }

  return {
    start() {
      if (cancels.length > 0 || stopping.signal.aborted) return;
      const tick = () => {
        for (const name of jobs.keys()) void run(name);
      };
      cancels.push(scheduler.after(Math.min(FIRST_RUN_DELAY_MS, deps.intervalMs), tick));
      cancels.push(scheduler.every(deps.intervalMs, tick));
    },
    run,
    async stop() {
      stopping.abort();
      for (const cancel of cancels.splice(0)) cancel();
      await Promise.all(running.values());
    },
  };
}
