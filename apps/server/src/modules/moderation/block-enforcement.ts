import { SOCKET_CLOSE_CODES } from '@parlo/contract/constants';
import type { Broker } from '../../broker/broker.ts';
import type { MatchingService } from '../matching/matching-service.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.ts';
import type { ModerationRepo } from './moderation-repo.ts';

export interface BlockEnforcementDeps {
  moderationRepo: Pick<ModerationRepo, 'openSessionsOf'>;
  lifecycle: Pick<SessionLifecycle, 'end'>;
  matching: Pick<MatchingService, 'cancel'>;
  broker: Pick<Broker, 'disconnect'>;
}

/**
 * What makes a committed block bite at once rather than at the next request: the call in
 * progress ends as system_ended for both sides, the queued search goes, and the socket closes
 * with `accountRestricted`, which the web client takes as final (it reloads the user and shows
 * the blocked page instead of reconnecting).
 */
export function createBlockEnforcement(deps: BlockEnforcementDeps) {
  return async function enforceBlock(userId: string) {
    for (const sessionId of await deps.moderationRepo.openSessionsOf(userId)) {
      await deps.lifecycle.end(sessionId, 'system_ended', null);
    }
    await deps.matching.cancel(userId);
    await deps.broker.disconnect(userId, SOCKET_CLOSE_CODES.accountRestricted, 'Account blocked');
  };
}
