import type { AccountWarningList } from '@parlo/contract/warnings';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { checkAccount } from '../users/account-check.ts';
import type { WarningsRepo } from './warnings-repo.ts';

export interface WarningsService {
  /**
   * For a user whose access token was checked (the route's authenticateToken): the account is
   * read with the list, in one query, and checked here as the auth guard would.
   */
  listUnacknowledged(userId: string): Promise<AccountWarningList>;
  acknowledge(userId: string, warningId: string): Promise<void>;
}

/** More than a user could read at once; older ones come after these are acknowledged. */
const LIST_LIMIT = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createWarningsService(deps: {
  warningsRepo: WarningsRepo;
  clock: Clock;
}): WarningsService {
  const { warningsRepo, clock } = deps;
  return {
    async listUnacknowledged(userId) {
      const { account, value: rows } = await warningsRepo.listUnacknowledged(
        userId,
        LIST_LIMIT,
        clock.now(),
      );
      checkAccount(account);
      return {
        data: rows.map((row) => ({
          id: row.id,
          reason: row.reason ?? '',
          issuedAt: row.createdAt.toISOString(),
        })),
      };
    },

    async acknowledge(userId, warningId) {
      // Not a uuid cannot name a warning: the same 404 as someone else's, without a query.
      const found =
        UUID.test(warningId) && (await warningsRepo.acknowledge(userId, warningId, clock.now()));
      if (!found) throw new NotFoundError('Warning not found');
    },
  };
}
