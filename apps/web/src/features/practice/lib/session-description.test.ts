import { describe, expect, it } from 'vitest';
import {
  descriptionIdentity,
  hasRelay,
  offerKind,
} from '@/features/practice/lib/session-description';

const sdp = (ufrag: string, fingerprint: string) =>
  `v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\na=ice-ufrag:${ufrag}\r\na=ice-pwd:x\r\na=fingerprint:sha-256 ${fingerprint}\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=ice-ufrag:${ufrag}\r\n`;

describe('offerKind', () => {
  const current = descriptionIdentity(sdp('aaaa', 'AB:CD'));

  it('tells a first, a repeated, an ICE-restart and a fresh connection offer apart', () => {
    expect(offerKind(descriptionIdentity(sdp('aaaa', 'AB:CD')), null)).toBe('first');
    expect(offerKind(descriptionIdentity(sdp('aaaa', 'AB:CD')), current)).toBe('repeat');
    expect(offerKind(descriptionIdentity(sdp('bbbb', 'AB:CD')), current)).toBe('ice_restart');
    expect(offerKind(descriptionIdentity(sdp('cccc', 'EF:01')), current)).toBe('fresh');
  });

  it('reads the credentials from session or media level', () => {
    expect(descriptionIdentity(sdp('aaaa', 'AB:CD'))).toEqual({
      ufrag: 'aaaa',
      fingerprint: 'sha-256 AB:CD',
    });
    expect(descriptionIdentity('v=0\r\n')).toEqual({ ufrag: null, fingerprint: null });
  });
});

describe('hasRelay', () => {
  it('finds a TURN server among the ICE servers, in either urls form', () => {
    expect(hasRelay([{ urls: 'stun:stun.example.org' }])).toBe(false);
    expect(hasRelay([{ urls: ['stun:a', 'turn:b:3478?transport=udp'] }])).toBe(true);
    expect(hasRelay([{ urls: 'turns:b:5349' }])).toBe(true);
  });
});
