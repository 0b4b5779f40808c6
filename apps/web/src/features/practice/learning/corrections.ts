import {
  CORRECTION_NOTE_MAX_LENGTH,
  type peerCorrectionSchema,
} from '@parlo/contract/peer-messages-learning';
import type { z } from 'zod';
import type { ChatChannel, ChatMessage, ChatSender } from '@/features/practice/lib/chat-channel';
import type { PeerChannel } from '@/features/practice/lib/peer-channel';
import { StateStore } from '@/lib/state-store';
import { changesWords } from './word-diff';
import { sendableContent } from '@/features/practice/lib/chat-channel';

/** A call's corrections are few; past this many, more are refused (memory on a long call). */
export const CORRECTIONS_MAX = 100;

export type Correction = {
  id: string;
  /** The chat message corrected. */
  messageId: string;
  original: string;
  corrected: string;
  note: string | null;
  /** Who proposed it: 'self' corrected the partner's message, 'peer' corrected one of mine. */
  by: ChatSender;
  /** The message's author said thanks. */
  thanked: boolean;
};

export type CorrectionsSnapshot = { corrections: readonly Correction[] };

type WireCorrection = z.infer<typeof peerCorrectionSchema>;

/**
 * Correction cards in the chat (issue 21 §4): either partner proposes a corrected version of a
 * message the other sent, with an optional note; the author can thank them. Like chat messages,
 * they live only in this object's memory and cross the data channel, never the server.
 */
export class Corrections extends StateStore<CorrectionsSnapshot> {
  readonly #channel: PeerChannel;
  readonly #chat: ChatChannel;
  readonly #createId: () => string;
  #unsubscribers: (() => void)[] = [];

  constructor(
    channel: PeerChannel,
    chat: ChatChannel,
    createId: () => string = () => crypto.randomUUID(),
  ) {
    super({ corrections: [] });
    this.#channel = channel;
    this.#chat = chat;
    this.#createId = createId;
  }

  start() {
    if (this.#unsubscribers.length > 0) return;
    this.#unsubscribers.push(
      this.#channel.on('correction', (wire) => this.#receive(wire)),
      this.#channel.on('correction_thanks', ({ correctionId }) =>
        this.#markThanked(correctionId, 'self'),
      ),
    );
  }

  stop() {
    for (const unsubscribe of this.#unsubscribers) unsubscribe();
    this.#unsubscribers = [];
  }

  #message(id: string, sender: ChatSender): ChatMessage | undefined {
    return this.#chat.getSnapshot().messages.find((m) => m.id === id && m.sender === sender);
  }

  /**
   * Proposes a correction of the partner's message `messageId`; false when there is no such
   * message, the text is empty, too long or unchanged, or the channel refused it.
   */
  propose(messageId: string, corrected: string, note = ''): boolean {
    const message = this.#message(messageId, 'peer');
    const text = sendableContent(corrected);
    const trimmedNote = note.trim().slice(0, CORRECTION_NOTE_MAX_LENGTH);
    if (!message || !text || !changesWords(message.content, text) || this.#full()) return false;
    const wire: WireCorrection = {
      type: 'correction',
      id: this.#createId(),
      messageId,
      corrected: text,
      ...(trimmedNote ? { note: trimmedNote } : {}),
    };
    if (!this.#channel.send(wire)) return false;
    this.#add(wire, message, 'self');
    return true;
  }

  /** Thanks the partner for their correction of my message. */
  thank(correctionId: string): boolean {
    const correction = this.getSnapshot().corrections.find((c) => c.id === correctionId);
    if (!correction || correction.by !== 'peer' || correction.thanked) return false;
    if (!this.#channel.send({ type: 'correction_thanks', correctionId })) return false;
    this.#markThanked(correctionId, 'peer');
    return true;
  }

  #receive(wire: WireCorrection) {
    // Only a message I wrote can be corrected by my partner; anything else is ignored.
    const message = this.#message(wire.messageId, 'self');
    if (!message || this.#full()) return;
    if (this.getSnapshot().corrections.some((c) => c.id === wire.id)) return;
    this.#add(wire, message, 'peer');
  }

  #full() {
    return this.getSnapshot().corrections.length >= CORRECTIONS_MAX;
  }

  #add(wire: WireCorrection, message: ChatMessage, by: ChatSender) {
    const correction: Correction = {
      id: wire.id,
      messageId: wire.messageId,
      original: message.content,
      corrected: wire.corrected,
      note: wire.note ?? null,
      by,
      thanked: false,
    };
    this.setState({ corrections: [...this.getSnapshot().corrections, correction] });
  }

  /** Marks thanked a correction proposed by `by` (thanks only ever go to the proposer). */
  #markThanked(correctionId: string, by: ChatSender) {
    const { corrections } = this.getSnapshot();
    if (!corrections.some((c) => c.id === correctionId && c.by === by && !c.thanked)) return;
    this.setState({
      corrections: corrections.map((c) => (c.id === correctionId ? { ...c, thanked: true } : c)),
    });
  }
}
