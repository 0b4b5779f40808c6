import {
  parsePeerMessage,
  type PeerMessage,
  type PeerMessageOf,
  type PeerMessageType,
} from '@parlo/contract/peer-messages';
import { StateStore } from '@/lib/state-store';

/** The slice of RTCDataChannel the call uses, so tests can hand it a fake. */
export type PeerDataChannel = {
  readonly readyState: RTCDataChannelState;
  send: (data: string) => void;
  close: () => void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
};

export type PeerChannelSnapshot = {
  /** True while the data channel is open; sending before that is refused. */
  ready: boolean;
  /** Frames from the partner that were malformed, unknown or too large, dropped unread. */
  dropped: number;
};

type Handler<T extends PeerMessageType> = (message: PeerMessageOf<T>) => void;

/**
 * The `chat` data channel of a call, shared by everything the two browsers say to each other
 * (chat lines, and whatever the contract's peer messages add). Each frame is parsed with the
 * contract's schema on receipt and handed to the subscribers of its type; a frame the schema
 * refuses is counted and dropped, never thrown. A re-negotiated call brings a new channel, and
 * the old one falls silent.
 */
export class PeerChannel extends StateStore<PeerChannelSnapshot> {
  #channel: PeerDataChannel | null = null;
  readonly #handlers = new Map<PeerMessageType, Set<(message: PeerMessage) => void>>();

  constructor() {
    super({ ready: false, dropped: 0 });
  }

  attach(channel: PeerDataChannel) {
    const previous = this.#channel;
    if (previous && previous !== channel) {
      previous.onopen = previous.onclose = previous.onmessage = null;
      this.setState({ ready: false });
    }
    this.#channel = channel;
    channel.onopen = () => this.setState({ ready: true });
    channel.onclose = () => this.setState({ ready: false });
    channel.onmessage = (event) => this.#receive(event.data);
    if (channel.readyState === 'open') this.setState({ ready: true });
  }

  /** Sends one message; false when the channel is not open or refused the frame. */
  send(message: PeerMessage): boolean {
    const channel = this.#channel;
    if (!channel || channel.readyState !== 'open') return false;
    try {
      channel.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  /** Calls `handler` for each valid message of `type` from the partner; returns the unsubscribe. */
  on<T extends PeerMessageType>(type: T, handler: Handler<T>): () => void {
    const set = this.#handlers.get(type) ?? new Set();
    const wrapped = handler as (message: PeerMessage) => void;
    set.add(wrapped);
    this.#handlers.set(type, set);
    return () => {
      set.delete(wrapped);
    };
  }

  #receive(data: unknown) {
    const message = parsePeerMessage(data);
    if (!message) {
      this.setState({ dropped: this.getSnapshot().dropped + 1 });
      return;
    }
    for (const handler of [...(this.#handlers.get(message.type) ?? [])]) handler(message);
  }

  close() {
    const channel = this.#channel;
    this.#channel = null;
    if (channel) {
      channel.onopen = channel.onclose = channel.onmessage = null;
      channel.close();
    }
    this.setState({ ready: false });
  }
}
