import { z } from 'zod';
import { CHAT_MAX_LENGTH } from './constants.ts';
import {
  peerCardDealSchema,
  peerCardMoveSchema,
  peerCorrectionSchema,
  peerCorrectionThanksSchema,
  peerRepairSignalSchema,
} from './peer-messages-learning.ts';
import { peerCameraNoteMessageSchema, peerRevealMessageSchema } from './peer-messages-safety.ts';

/**
 * What the two browsers of a call say to each other over the `chat` data channel (DESIGN §2 Calls
 * in the browser). Nothing of it passes through the server. Every frame is JSON `{type, ...}`; one
 * discriminated union validates any of them on receipt, and a frame it refuses is dropped and
 * counted, never thrown.
 *
 * Add a message here (one `z.object` with its own `type` literal) and subscribe to it with
 * `PeerChannel.on(type, …)` in the web app.
 */

/** The data channel's label, as the spec names it. */
export const PEER_CHANNEL_LABEL = 'chat';
/** Largest frame a browser accepts from its partner; anything longer is dropped unread. */
export const PEER_MESSAGE_MAX_BYTES = 16 * 1024;

/** An id one browser gives its own message (a UUID today; any short token is accepted). */
export const peerMessageIdSchema = z.string().min(1).max(64);

/** A chat line (spec §2 Practice): trimmed, 1–1000 characters. */
export const peerChatMessageSchema = z.object({
  type: z.literal('chat'),
  id: peerMessageIdSchema,
  content: z.string().trim().min(1).max(CHAT_MAX_LENGTH),
  /** The sender's clock, ms since the epoch. */
  timestamp: z.number().int().nonnegative(),
});

export const peerMessageSchema = z.discriminatedUnion('type', [
  peerChatMessageSchema,
  peerCardDealSchema,
  peerCardMoveSchema,
  peerRepairSignalSchema,
  peerCorrectionSchema,
  peerCorrectionThanksSchema,
  peerRevealMessageSchema,
  peerCameraNoteMessageSchema,
]);
export type PeerMessage = z.infer<typeof peerMessageSchema>;
export type PeerMessageType = PeerMessage['type'];
export type PeerMessageOf<T extends PeerMessageType> = Extract<PeerMessage, { type: T }>;

/** The message a frame carries, or null for anything malformed, unknown or too large. */
export function parsePeerMessage(data: unknown): PeerMessage | null {
  if (typeof data !== 'string' || data.length > PEER_MESSAGE_MAX_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = peerMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
