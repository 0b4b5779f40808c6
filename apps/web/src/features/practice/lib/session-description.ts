import type { IceServer } from '@parlo/contract/realtime';

/**
 * What tells one offer from another without new socket messages: an ICE restart keeps the DTLS
 * fingerprint and changes the ICE username fragment; a fresh RTCPeerConnection changes both; a
 * repeated offer changes neither.
 */
export type DescriptionIdentity = { ufrag: string | null; fingerprint: string | null };

export type OfferKind = 'first' | 'repeat' | 'ice_restart' | 'fresh';

function attribute(sdp: string, name: string): string | null {
  const match = new RegExp(`^a=${name}:(.+)$`, 'm').exec(sdp);
  return match?.[1]?.trim() ?? null;
}

export function descriptionIdentity(sdp: string): DescriptionIdentity {
  return { ufrag: attribute(sdp, 'ice-ufrag'), fingerprint: attribute(sdp, 'fingerprint') };
}

/** How an incoming offer relates to the remote description in force (null before the first). */
export function offerKind(
  offer: DescriptionIdentity,
  current: DescriptionIdentity | null,
): OfferKind {
  if (!current) return 'first';
  if (offer.fingerprint && current.fingerprint && offer.fingerprint !== current.fingerprint) {
    return 'fresh';
  }
  return offer.ufrag !== current.ufrag ? 'ice_restart' : 'repeat';
}

/** Whether the server handed out a TURN server, so a last attempt can go through the relay. */
export function hasRelay(iceServers: IceServer[]): boolean {
  return iceServers.some((server) =>
    [server.urls].flat().some((url) => /^turns?:/i.test(url.trim())),
  );
}
