import type { ClientMessage, ServerMessage } from '@parlo/contract/realtime';
import type { Broker } from '../broker/broker.ts';
import { AppError } from '../lib/errors.ts';
import type { SessionLifecycle } from '../modules/sessions/session-lifecycle.ts';

/** A socket message that needs a call in progress arrived without one. */
export class NoActiveSessionError extends AppError {
  constructor() {
    super(409, 'You are not in a call', 'no_active_session');
  }
}

/**
 * What each client message does. Signalling and toggles go only to the partner of the sender's
 * call in progress, looked up without awaiting anything first so their order is kept.
 */
export function createMessageRouter(deps: {
  lifecycle: Pick<SessionLifecycle, 'partnerOf' | 'endByUser' | 'mediaConnected' | 'recordQuality'>;
  broker: Pick<Broker, 'deliver'>;
}) {
  function relay(userId: string, message: ServerMessage): Promise<void> {
    const partnerId = deps.lifecycle.partnerOf(userId);
    if (!partnerId) return Promise.reject(new NoActiveSessionError());
    return deps.broker.deliver(partnerId, message).then(() => undefined);
  }

  const need = (done: boolean) => {
    if (!done) throw new NoActiveSessionError();
  };

  return async (userId: string, message: ClientMessage): Promise<void> => {
    switch (message.type) {
      case 'offer':
      case 'answer':
      case 'candidate':
        return relay(userId, message);
      case 'camera_toggled':
        return relay(userId, { type: 'peer_camera_toggled', payload: message.payload });
      case 'microphone_toggled':
        return relay(userId, { type: 'peer_microphone_toggled', payload: message.payload });
      case 'end_session':
        return need(await deps.lifecycle.endByUser(userId, message.payload.reason));
      case 'media_connected':
        return need(await deps.lifecycle.mediaConnected(userId));
      case 'connection_quality':
        return need(await deps.lifecycle.recordQuality(userId, message.payload));
    }
  };
}
