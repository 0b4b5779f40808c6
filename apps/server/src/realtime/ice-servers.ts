import { createHmac } from 'node:crypto';
import type { IceServer } from '@parlo/contract/realtime';
import type { Config } from '../config/env.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * ICE servers for one user's call: the STUN list, and TURN with the time-limited credentials of
 * coturn's `use-auth-secret` (username `<expiry unix seconds>:<user id>`, password
 * base64(HMAC-SHA1(secret, username))), so no TURN password is ever stored.
 */
export function createIceServers(
  config: Pick<Config, 'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'TURN_TTL_SECONDS'>,
  clock: Clock,
) {
  return (userId: string): IceServer[] => {
    const servers: IceServer[] = [];
    if (config.STUN_URLS.length > 0) servers.push({ urls: config.STUN_URLS });
    if (config.TURN_URLS.length > 0 && config.TURN_SECRET) {
      servers.push({ urls: config.TURN_URLS, ...turnCredentials(config, userId, clock.now()) });
    }
    return servers;
  };
}

export function turnCredentials(
  config: Pick<Config, 'TURN_TTL_SECONDS'> & { TURN_SECRET?: string | undefined },
  userId: string,
  now: Date,
): { username: string; credential: string } {
  const expiry = Math.floor(now.getTime() / 1000) + config.TURN_TTL_SECONDS;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', config.TURN_SECRET ?? '')
    .update(username)
    .digest('base64');
  return { username, credential };
}
