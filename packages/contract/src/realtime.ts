import { z } from 'zod';
import {
  OFFER_CLOSE_REASONS,
  OFFER_STATUSES,
  OFFER_TYPES,
  PROFICIENCY_LEVELS,
  SESSION_END_REASONS,
} from './constants.ts';
import { sessionSchema } from './sessions.ts';

/**
 * The realtime protocol at `/ws` (spec §4 Realtime connection, §7 socket messages; DESIGN §2
 * Realtime). Every frame is JSON `{type, payload}`; each direction is one discriminated union, so
 * one parse validates any message.
 */

// The socket's path, subprotocol, size limit and close codes live in constants.ts (no zod), so
// the browser can import them; they are re-exported here for the server.
export {
  SOCKET_BEARER_PROTOCOL,
  SOCKET_CLOSE_CODES,
  SOCKET_MAX_MESSAGE_BYTES,
  SOCKET_PATH,
} from './constants.ts';

/** Largest session description and ICE candidate the gateway forwards. */
const SDP_MAX = 32_000;
const CANDIDATE_MAX = 2_000;

const sessionDescriptionSchema = z.object({ sdp: z.string().min(1).max(SDP_MAX) });

export const iceCandidateSchema = z.object({
  candidate: z.string().max(CANDIDATE_MAX),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export type IceCandidate = z.infer<typeof iceCandidateSchema>;

const toggleSchema = z.object({ enabled: z.boolean() });

/** What a client may send as the reason it ends a call; the server records the rest itself. */
export const CLIENT_END_REASONS = ['user_ended', 'connection_issue'] as const;

/** Aggregated call quality, sent by a client now and then; kept only as a summary. */
export const connectionQualitySchema = z.object({
  strength: z.enum(['excellent', 'good', 'fair', 'poor', 'none']),
  packetLoss: z.number().min(0).max(100).optional(),
  roundTripTimeMs: z.number().min(0).max(60_000).optional(),
  jitterMs: z.number().min(0).max(60_000).optional(),
  bitrateKbps: z.number().min(0).max(1_000_000).optional(),
});
export type ConnectionQuality = z.infer<typeof connectionQualitySchema>;

/**
 * A number the client may put on a message; an `error` answering that message carries it back, so
 * the client knows which message to send again (after `unavailable`).
 */
export const messageRefSchema = z.number().int().min(0);
const ref = { ref: messageRefSchema.optional() };

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), payload: sessionDescriptionSchema, ...ref }),
  z.object({ type: z.literal('answer'), payload: sessionDescriptionSchema, ...ref }),
  z.object({ type: z.literal('candidate'), payload: iceCandidateSchema, ...ref }),
  z.object({ type: z.literal('camera_toggled'), payload: toggleSchema, ...ref }),
  z.object({ type: z.literal('microphone_toggled'), payload: toggleSchema, ...ref }),
  z.object({
    type: z.literal('end_session'),
    payload: z.object({ reason: z.enum(CLIENT_END_REASONS) }),
    ...ref,
  }),
  /** The side's remote media arrived; the session counts as started when both said so. */
  z.object({ type: z.literal('media_connected'), payload: z.object({}).optional(), ...ref }),
  z.object({ type: z.literal('connection_quality'), payload: connectionQualitySchema, ...ref }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];

/** Exactly what a user learns of their partner (DESIGN §2 Matching). */
export const peerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  imageUrl: z.string().nullable(),
  level: z.enum(PROFICIENCY_LEVELS),
});
export type PeerProfile = z.infer<typeof peerProfileSchema>;

export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const sessionOfferSchema = z.object({
  id: z.string(),
  type: z.enum(OFFER_TYPES),
  fromUserId: z.string(),
  toUserId: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** The other user of the offer, seen from the receiver: the one who sent it. */
  peerId: z.string(),
  languageCode: z.string(),
  expiresAt: z.string(),
});
export type SessionOffer = z.infer<typeof sessionOfferSchema>;

export const sessionCreatedPayloadSchema = z.object({
  session: sessionSchema,
  peerProfile: peerProfileSchema,
  /** Exactly one side is the initiator and sends the WebRTC offer. */
  initiator: z.boolean(),
  /** STUN and TURN (time-limited credentials) for this call. */
  iceServers: z.array(iceServerSchema),
  /** 'relay' when the operator sends every call through TURN (hides addresses); default 'all'. */
  iceTransportPolicy: z.enum(['all', 'relay']).optional(),
  /** When the server ends the call with time_limit_reached, ISO 8601. */
  endsAt: z.string(),
});
export type SessionCreatedPayload = z.infer<typeof sessionCreatedPayloadSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), payload: sessionDescriptionSchema }),
  z.object({ type: z.literal('answer'), payload: sessionDescriptionSchema }),
  z.object({ type: z.literal('candidate'), payload: iceCandidateSchema }),
  z.object({ type: z.literal('peer_camera_toggled'), payload: toggleSchema }),
  z.object({ type: z.literal('peer_microphone_toggled'), payload: toggleSchema }),
  z.object({
    type: z.literal('session_ended'),
    payload: z.object({
      sessionId: z.string(),
      reason: z.enum(SESSION_END_REASONS),
      /** Both sides got their token back (a call that failed early; SESSION_REFUND_WINDOW_SECONDS). */
      refunded: z.boolean().optional(),
    }),
  }),
  z.object({ type: z.literal('session_created'), payload: sessionCreatedPayloadSchema }),
  z.object({
    type: z.literal('session_offer_received'),
    /** `from`: the sender as the receiver met them in the call, so any page can name them. */
    payload: z.object({ offer: sessionOfferSchema, from: peerProfileSchema }),
  }),
  z.object({
    type: z.literal('session_offer_declined'),
    payload: z.object({ offerId: z.string() }),
  }),
  z.object({
    type: z.literal('session_offer_cancelled'),
    payload: z.object({ offerId: z.string(), reason: z.enum(OFFER_CLOSE_REASONS).optional() }),
  }),
  /** Continuing with `peerId` is no longer possible (a report between the two): hide the offer. */
  z.object({
    type: z.literal('session_offer_unavailable'),
    payload: z.object({ peerId: z.string() }),
  }),
  /** A refused or malformed message; the socket stays open. */
  z.object({
    type: z.literal('error'),
    payload: z.object({
      code: z.union([z.number().int(), z.string()]),
      message: z.string(),
      /** Set when the error is about a continue offer (e.g. 1002 when accepting failed). */
      offerId: z.string().optional(),
      /** The `ref` of the client message this answers, when it had one. */
      ref: messageRefSchema.optional(),
      /** With code `unavailable`: how long to wait before sending the message again. */
      retryAfterMs: z.number().int().min(0).optional(),
    }),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageType = ServerMessage['type'];
