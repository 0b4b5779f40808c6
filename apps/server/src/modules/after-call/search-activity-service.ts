import {
  activityBucket,
  SEARCH_ACTIVITY_WEEKS,
  type SearchActivity,
  type SearchActivityQuery,
} from '@parlo/contract/after-call';
import type { LanguageCode, ProficiencyLevel } from '@parlo/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError } from '../../lib/errors.ts';
import type { Scheduler } from '../../lib/scheduler.ts';
import type { HourCount, SearchActivityRepo } from './search-activity-repo.ts';

/**
 * How long one heat-map (per language, level and time zone) is served from memory. Four weeks of
 * history hardly move in ten minutes, and the search page asks on every visit.
 */
export const SEARCH_ACTIVITY_TTL_MS = 10 * 60_000;
/**
 * Search starts written in one insert at most (issue 20): a burst of finds shares a few inserts
 * instead of a round trip and a commit each, which had halved the match burst.
 */
export const SEARCH_STARTS_PER_INSERT = 500;
/**
 * How long a search start waits in memory for others to share its insert. The heat-map counts
 * whole hours and is served from a 10-minute cache, so a second's delay changes nothing a user
 * sees; written at once, each find cost its own commit, about a third of PostgreSQL's work per
 * match at a steady 200 finds a second. A crash loses at most this window of starts.
 */
export const SEARCH_STARTS_FLUSH_MS = 1_000;
/** Bound on cached heat-maps (6 levels × a dozen languages × the zones actually used). */
export const SEARCH_ACTIVITY_CACHE_MAX = 500;

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface SearchActivityService {
  activity(userId: string, query: SearchActivityQuery): Promise<SearchActivity>;
  /**
   * Notes a search that started (a new ticket); never throws. Starts are written together once
   * SEARCH_STARTS_FLUSH_MS has passed or SEARCH_STARTS_PER_INSERT are waiting.
   */
  searchStarted(languageCode: string, level: ProficiencyLevel): void;
  /** Writes the starts still waiting (the server is closing); resolves once every insert ended. */
  flush(): Promise<void>;
}

/**
 * Sums per-UTC-hour counts into hours of the week in `timeZone` (day 0 Monday). Each UTC hour
 * lands on the local hour its first minute falls in (a half-hour zone moves it by 30 minutes at
 * most); daylight-saving changes are followed hour by hour.
 */
export function weekGrid(counts: HourCount[], timeZone: string): number[][] {
  const grid = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  });
  for (const { epochHour, count } of counts) {
    const parts = format.formatToParts(new Date(epochHour * HOUR_MS));
    const day = WEEKDAYS.indexOf(parts.find((p) => p.type === 'weekday')!.value);
    const hour = Number(parts.find((p) => p.type === 'hour')!.value) % 24;
    grid[day]![hour]! += count;
  }
  return grid;
}

export function createSearchActivityService(deps: {
  searchActivityRepo: SearchActivityRepo;
  clock: Clock;
  scheduler: Scheduler;
  log: FastifyBaseLogger;
}): SearchActivityService {
  const { searchActivityRepo: repo, clock, scheduler, log } = deps;
  const cache = new Map<string, { expiresAt: number; value: Promise<SearchActivity> }>();

  /** Starts waiting for the next insert, and the timer that will write them. */
  let waiting: { languageCode: string; level: ProficiencyLevel; at: Date }[] = [];
  let cancelTimer: (() => void) | undefined;
  /** The inserts, one after another. */
  let written: Promise<void> = Promise.resolve();

  function writeWaiting(): Promise<void> {
    cancelTimer?.();
    cancelTimer = undefined;
    if (waiting.length === 0) return written;
    const starts = waiting;
    waiting = [];
    written = written.then(() =>
      repo.recordStarts(starts).catch((error: unknown) => {
        log.warn({ err: error, count: starts.length }, 'recording search starts failed');
      }),
    );
    return written;
  }

  async function compute(
    languageCode: LanguageCode,
    level: ProficiencyLevel,
    timeZone: string,
  ): Promise<SearchActivity> {
    // Whole hours only: the window moves once an hour, whoever asks.
    const until = Math.floor(clock.now().getTime() / HOUR_MS) * HOUR_MS;
    const since = until - SEARCH_ACTIVITY_WEEKS * WEEK_MS;
    const counts = await repo.hourlyCounts(languageCode, level, new Date(since), new Date(until));
    const grid = weekGrid(counts, timeZone);
    return {
      languageCode,
      level,
      timeZone,
      weeks: SEARCH_ACTIVITY_WEEKS,
      cells: grid.map((hours) => hours.map(activityBucket)),
    };
  }

  return {
    async activity(userId, { languageCode, tz }) {
      const level = await repo.levelOf(userId, languageCode);
      if (!level) throw new BadRequestError('You are not learning this language');
      const key = `${languageCode}|${level}|${tz}`;
      const now = clock.now().getTime();
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      if (cache.size >= SEARCH_ACTIVITY_CACHE_MAX) {
        for (const [k, entry] of cache) if (entry.expiresAt <= now) cache.delete(k);
        // Still full: drop the oldest insertion (Map keeps insertion order).
        if (cache.size >= SEARCH_ACTIVITY_CACHE_MAX) cache.delete(cache.keys().next().value!);
      }
      const value = compute(languageCode, level, tz);
      cache.set(key, { expiresAt: now + SEARCH_ACTIVITY_TTL_MS, value });
      // A failed read is not kept: the next request tries again.
      value.catch(() => cache.delete(key));
      return value;
    },

    searchStarted(languageCode, level) {
      waiting.push({ languageCode, level, at: clock.now() });
      if (waiting.length >= SEARCH_STARTS_PER_INSERT) void writeWaiting();
      else cancelTimer ??= scheduler.after(SEARCH_STARTS_FLUSH_MS, () => void writeWaiting());
    },

    flush: writeWaiting,
  };
}
