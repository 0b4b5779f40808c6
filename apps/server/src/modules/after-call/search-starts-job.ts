import { SEARCH_ACTIVITY_WEEKS } from '@parlo/contract/after-call';
import type { Job } from '../../jobs/job-runner.ts';
import type { SearchActivityRepo } from './search-activity-repo.ts';

/** Next to the retention jobs' 7_302_201/202. */
export const PURGE_SEARCH_STARTS_LOCK_ID = 7_302_221;
/** One day beyond the heat-map's window, so a window read at any hour is whole. */
const KEEP_MS = (SEARCH_ACTIVITY_WEEKS * 7 + 1) * 24 * 60 * 60_000;

/** Search starts older than the heat-map reads are dropped (the privacy policy says 4 weeks). */
export function createSearchStartsJob(repo: Pick<SearchActivityRepo, 'purgeBefore'>): Job {
  return {
    name: 'purge-search-starts',
    lockKey: PURGE_SEARCH_STARTS_LOCK_ID,
    async run({ now }) {
      return { purged: await repo.purgeBefore(new Date(now.getTime() - KEEP_MS)) };
    },
  };
}
