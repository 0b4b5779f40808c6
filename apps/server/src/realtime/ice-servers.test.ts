import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createIceServers } from './ice-servers.ts';

const USER = '11111111-1111-4111-8111-111111111111';
const now = new Date('2026-01-01T00:00:00Z');
const clock = { now: () => now };

describe('ICE servers', () => {
  it('hands out STUN and TURN with coturn use-auth-secret credentials', () => {
    const servers = createIceServers(
      {
        STUN_URLS: ['stun:stun.example.org:3478'],
        TURN_URLS: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'],
        TURN_SECRET: 's3cret',
        TURN_TTL_SECONDS: 3600,
      },
      clock,
    )(USER);
    const expiry = now.getTime() / 1000 + 3600;
    expect(servers).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
      {
        urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'],
        username: `${expiry}:${USER}`,
        // The value coturn computes: base64(HMAC-SHA1(static-auth-secret, username)).
        credential: createHmac('sha1', 's3cret').update(`${expiry}:${USER}`).digest('base64'),
      },
    ]);
  });

  it('leaves TURN out without URLs or a secret', () => {
    const ice = createIceServers(
      {
        STUN_URLS: [],
        TURN_URLS: ['turn:turn.example.org'],
        TURN_SECRET: undefined,
        TURN_TTL_SECONDS: 60,
      },
      clock,
    );
    expect(ice(USER)).toEqual([]);
  });
});
