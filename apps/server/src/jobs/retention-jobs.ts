import type { FastifyBaseLogger } from 'fastify';
import type { AccountPurgeRepo } from '../modules/users/account-purge-repo.ts';
import type { Job, JobContext } from './job-runner.ts';

/**
 * A deleted account is scrubbed at once (users-repo deleteAccount); what is left is removed this
 * long after, well within the 30 days the legal text promises (docs/decisions.md).
 */
export const PURGE_AFTER_DAYS = 7;
/** Spec §9: accounts are terminated after 6 or more months without activity. */
export const INACTIVE_AFTER_MONTHS = 6;
/** Accounts listed per query; each one is still removed on its own. */
export const PURGE_BATCH_SIZE = 100;

/** Any fixed numbers shared by all instances; next to the migrations' 7_302_114 in db/client.ts. */
export const PURGE_DELETED_LOCK_ID = 7_302_201;
export const TERMINATE_INACTIVE_LOCK_ID = 7_302_202;

const DAY_MS = 24 * 60 * 60 * 1000;

export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - PURGE_AFTER_DAYS * DAY_MS);
}

export function inactivityCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - INACTIVE_AFTER_MONTHS);
  return cutoff;
}

export interface RetentionJobsDeps {
  repo: AccountPurgeRepo;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * Walks the candidates in id order, a batch at a time, removing each account on its own: one
 * that fails is logged and skipped (the next run tries it again) without holding up the rest.
 */
async function forEachCandidate<T extends { id: string }>(
  context: JobContext,
  list: (afterId: string | null) => Promise<T[]>,
  remove: (candidate: T) => Promise<boolean>,
  onError: (candidate: T, error: unknown) => void,
): Promise<{ removed: number; failed: number }> {
  const summary = { removed: 0, failed: 0 };
  let afterId: string | null = null;
  while (!context.signal.aborted) {
    const batch = await list(afterId);
    for (const candidate of batch) {
      if (context.signal.aborted) break;
      try {
        if (await remove(candidate)) summary.removed += 1;
      } catch (error) {
        summary.failed += 1;
        onError(candidate, error);
      }
    }
    if (batch.length < PURGE_BATCH_SIZE) break;
    afterId = batch.at(-1)?.id ?? null;
  }
  return summary;
}

export function createRetentionJobs({ repo, log }: RetentionJobsDeps): Job[] {
  const purgeDeleted: Job = {
    name: 'purge-deleted-accounts',
    lockKey: PURGE_DELETED_LOCK_ID,
    async run(context) {
      const cutoff = purgeCutoff(context.now);
      const { removed, failed } = await forEachCandidate(
        context,
        async (afterId) =>
          (await repo.findDeletedBefore(cutoff, afterId, PURGE_BATCH_SIZE)).map((id) => ({ id })),
        async ({ id }) => {
          const purged = await repo.purgeDeleted(id, cutoff);
          if (purged) log.info({ job: purgeDeleted.name, userId: id }, 'deleted account purged');
          return purged;
        },
        ({ id }, error) =>
          log.error(
            { err: error, job: purgeDeleted.name, userId: id },
            'purging an account failed',
          ),
      );
      return { purged: removed, failed };
    },
  };

  const terminateInactive: Job = {
    name: 'terminate-inactive-accounts',
    lockKey: TERMINATE_INACTIVE_LOCK_ID,
    async run(context) {
      const cutoff = inactivityCutoff(context.now);
      const { removed, failed } = await forEachCandidate(
        context,
        (afterId) => repo.findInactiveSince(cutoff, afterId, PURGE_BATCH_SIZE),
        async ({ id, lastActiveAt }) => {
          const terminated = await repo.purgeInactive(id, cutoff);
          if (terminated) {
            log.info(
              { job: terminateInactive.name, userId: id, lastActiveAt: lastActiveAt.toISOString() },
              'inactive account terminated',
            );
          }
          return terminated;
        },
        ({ id }, error) =>
          log.error(
            { err: error, job: terminateInactive.name, userId: id },
            'terminating an account failed',
          ),
      );
      return { terminated: removed, failed };
    },
  };

  return [purgeDeleted, terminateInactive];
}
