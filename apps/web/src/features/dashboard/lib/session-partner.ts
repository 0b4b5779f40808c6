import type { Session, SessionParticipant } from '@parlo/contract/sessions';

/** The other person of a session: user2 when the caller started it as user1, else user1. */
export function sessionPartner(session: Pick<Session, 'initiator' | 'user1' | 'user2'>) {
  return session.initiator ? session.user2 : session.user1;
}

/** A deleted account keeps its sessions but loses its id and details. */
export function isDeletedPartner(partner: SessionParticipant) {
  return partner.id === null;
}
