import { z } from 'zod';
import { CHAT_MAX_LENGTH, PROFICIENCY_LEVELS } from './constants.ts';

/**
 * What the two browsers of a call say to each other about learning (issue 21): the task card on
 * screen, repair signals and correction cards. Like the chat, all of it crosses the `chat` data
 * channel peer to peer and nothing reaches the server. Each schema is one member of the union in
 * `peer-messages.ts`, so a malformed frame is dropped and counted there.
 */

/** Longest deck a deal may carry: one level's cards, with room to grow. */
export const LEARNING_DECK_MAX_CARDS = 64;
/** Longest note a correction may carry; the corrected text itself may be as long as a chat line. */
export const CORRECTION_NOTE_MAX_LENGTH = 200;

/** A task card's id, the same in every practice language: its level and number, e.g. `B1-07`. */
export const taskCardIdSchema = z
  .string()
  .regex(new RegExp(`^(${PROFICIENCY_LEVELS.join('|')})-\\d{2}$`));
export type TaskCardId = z.infer<typeof taskCardIdSchema>;

/**
 * The initiator deals: the order of the deck and the card on screen. Sent whenever the data
 * channel opens, so the partner adopts the same deck even after a re-negotiated call.
 */
export const peerCardDealSchema = z
  .object({
    type: z.literal('card_deal'),
    cards: z.array(taskCardIdSchema).min(1).max(LEARNING_DECK_MAX_CARDS),
    index: z.number().int().nonnegative(),
  })
  .refine((deal) => deal.index < deal.cards.length, { message: 'index outside the deck' });

/** Either side moved to another card of the dealt deck (next or previous), by absolute position. */
export const peerCardMoveSchema = z.object({
  type: z.literal('card_move'),
  index: z.number().int().nonnegative().max(LEARNING_DECK_MAX_CARDS),
});

/** The one-tap signals a listener can send when they did not follow (spec: issue 21 §3). */
export const REPAIR_SIGNAL_KINDS = ['slower', 'repeat', 'type_it', 'meaning'] as const;
export type RepairSignalKind = (typeof REPAIR_SIGNAL_KINDS)[number];

export const peerRepairSignalSchema = z.object({
  type: z.literal('repair_signal'),
  kind: z.enum(REPAIR_SIGNAL_KINDS),
});

/** A proposed correction of one of the receiver's own chat messages (a recast, with a note). */
export const peerCorrectionSchema = z.object({
  type: z.literal('correction'),
  id: z.string().min(1).max(64),
  /** The id of the corrected chat message: one the receiver sent. */
  messageId: z.string().min(1).max(64),
  corrected: z.string().trim().min(1).max(CHAT_MAX_LENGTH),
  note: z.string().trim().max(CORRECTION_NOTE_MAX_LENGTH).optional(),
});

/** The author of the corrected message thanks the partner for a correction. */
export const peerCorrectionThanksSchema = z.object({
  type: z.literal('correction_thanks'),
  correctionId: z.string().min(1).max(64),
});
