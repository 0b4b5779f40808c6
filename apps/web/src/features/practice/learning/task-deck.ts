import type { ProficiencyLevel } from '@parlo/contract/constants';
import type { PeerMessageOf } from '@parlo/contract/peer-messages';
import type { TaskCardId } from '@parlo/contract/peer-messages-learning';
import type { PeerChannel } from '@/features/practice/lib/peer-channel';
import { StateStore } from '@/lib/state-store';
import { seededRandom, shuffled } from './shuffle';
import { cardIdsFor, isKnownCardId } from './task-cards';

export type TaskDeckSnapshot = {
  /** The dealt order of card ids. */
  cards: readonly TaskCardId[];
  /** The card on screen, a position in `cards`. */
  index: number;
  /** Every card that has been on screen, in the order first seen (the call's "cards done"). */
  seen: readonly TaskCardId[];
};

export type TaskDeckOptions = {
  /** The initiator deals; the other side adopts its deal. */
  initiator: boolean;
  level: ProficiencyLevel;
  /** The session id: before the deal crosses over, both sides start from the same shuffle. */
  seed: string;
};

/**
 * The task cards both partners see, kept in step over the data channel. The initiator deals (the
 * order of its level's cards) each time the channel opens; either side may move to the next or
 * previous card, and sends the new position, so a move on one side is a move on both. Positions
 * are absolute: two moves that cross end on the same card.
 */
export class TaskDeck extends StateStore<TaskDeckSnapshot> {
  readonly #channel: PeerChannel;
  readonly #initiator: boolean;
  #unsubscribers: (() => void)[] = [];
  #wasReady = false;

  constructor(channel: PeerChannel, options: TaskDeckOptions) {
    const cards = shuffled(cardIdsFor(options.level), seededRandom(options.seed));
    super({ cards, index: 0, seen: cards.slice(0, 1) });
    this.#channel = channel;
    this.#initiator = options.initiator;
  }

  /** Listens to the partner (and deals, on the initiator's side, when the channel opens). */
  start() {
    if (this.#unsubscribers.length > 0) return;
    const channel = this.#channel;
    this.#wasReady = false;
    this.#unsubscribers.push(
      channel.on('card_deal', (deal) => this.#adopt(deal)),
      channel.on('card_move', ({ index }) => this.#show(index)),
      channel.subscribe(() => this.#onChannel()),
    );
    this.#onChannel();
  }

  stop() {
    for (const unsubscribe of this.#unsubscribers) unsubscribe();
    this.#unsubscribers = [];
  }

  current(): TaskCardId {
    const { cards, index } = this.getSnapshot();
    return cards[index] ?? (cards[0] as TaskCardId);
  }

  next() {
    this.#move(1);
  }

  previous() {
    this.#move(-1);
  }

  #move(step: number) {
    const { cards, index } = this.getSnapshot();
    const target = (index + step + cards.length) % cards.length;
    this.#show(target);
    this.#channel.send({ type: 'card_move', index: target });
  }

  #onChannel() {
    const { ready } = this.#channel.getSnapshot();
    if (ready && !this.#wasReady && this.#initiator) {
      const { cards, index } = this.getSnapshot();
      this.#channel.send({ type: 'card_deal', cards: [...cards], index });
    }
    this.#wasReady = ready;
  }

  #adopt(deal: PeerMessageOf<'card_deal'>) {
    // Only the initiator deals; a deal naming a card no deck has is refused whole.
    if (this.#initiator) return;
    if (!deal.cards.every(isKnownCardId)) return;
    this.setState({ cards: deal.cards, index: deal.index, seen: [] });
    this.#show(deal.index);
  }

  #show(index: number) {
    const { cards, seen } = this.getSnapshot();
    const id = cards[index];
    if (!id) return;
    this.setState({ index, seen: seen.includes(id) ? seen : [...seen, id] });
  }
}
