import { CHAT_MAX_LENGTH } from '@parlo/contract/constants';
import type { PeerMessageOf } from '@parlo/contract/peer-messages';
import type { PeerChannel } from '@/features/practice/lib/peer-channel';
import { StateStore } from '@/lib/state-store';

export type ChatSender = 'self' | 'peer';

export type ChatMessage = {
  id: string;
  sender: ChatSender;
  content: string;
  timestamp: number;
  isRead: boolean;
};

export type ChatSnapshot = {
  messages: readonly ChatMessage[];
  unreadCount: number;
  /** True while the data channel is open; sending before that is refused. */
  ready: boolean;
  /** Whether the user has the chat on screen: messages arriving then are read at once. */
  visible: boolean;
};

export type ChatChannelDeps = {
  /** Called for a partner message that arrives while the chat is not on screen. */
  onUnreadMessage?: (message: ChatMessage) => void;
  now?: () => number;
  createId?: () => string;
};

/** The content to send, or null when the chat rules of spec §5 silently refuse it. */
export function sendableContent(content: string): string | null {
  const trimmed = content.trim();
  if (!trimmed || trimmed.length > CHAT_MAX_LENGTH) return null;
  return trimmed;
}

/**
 * The text chat beside the call, carried peer to peer over the `chat` data channel. Messages live
 * only in this object's memory: nothing is sent to the server or stored (DESIGN §2).
 */
export class ChatChannel extends StateStore<ChatSnapshot> {
  readonly #deps: ChatChannelDeps;
  readonly #peer: PeerChannel;
  readonly #unsubscribe: () => void;

  constructor(peer: PeerChannel, deps: ChatChannelDeps = {}) {
    super({ messages: [], unreadCount: 0, ready: peer.getSnapshot().ready, visible: false });
    this.#deps = deps;
    this.#peer = peer;
    const offMessage = peer.on('chat', (message) => this.#receive(message));
    const offReady = peer.subscribe(() => this.setState({ ready: peer.getSnapshot().ready }));
    this.#unsubscribe = () => {
      offMessage();
      offReady();
    };
  }

  /** Sends a message; false when it was empty, too long, or the channel is not open. */
  send(content: string): boolean {
    const text = sendableContent(content);
    if (!text) return false;
    const wire: PeerMessageOf<'chat'> = {
      type: 'chat',
      id: this.#deps.createId?.() ?? crypto.randomUUID(),
      content: text,
      timestamp: this.#deps.now?.() ?? Date.now(),
    };
    if (!this.#peer.send(wire)) return false;
    this.#append({
      id: wire.id,
      content: text,
      timestamp: wire.timestamp,
      sender: 'self',
      isRead: true,
    });
    return true;
  }

  #receive(wire: PeerMessageOf<'chat'>) {
    const { visible } = this.getSnapshot();
    const message: ChatMessage = {
      id: wire.id,
      content: wire.content,
      timestamp: wire.timestamp,
      sender: 'peer',
      isRead: visible,
    };
    this.#append(message);
    if (!visible) this.#deps.onUnreadMessage?.(message);
  }

  #append(message: ChatMessage) {
    const messages = [...this.getSnapshot().messages, message];
    this.setState({ messages, unreadCount: messages.filter((m) => !m.isRead).length });
  }

  /** The chat is shown or hidden; showing it reads every message. */
  setVisible(visible: boolean) {
    this.setState({ visible });
    if (visible) this.markAllRead();
  }

  markAllRead() {
    const { messages, unreadCount } = this.getSnapshot();
    if (unreadCount === 0) return;
    this.setState({
      messages: messages.map((m) => (m.isRead ? m : { ...m, isRead: true })),
      unreadCount: 0,
    });
  }

  /** Stops listening; the channel itself belongs to the call (`PeerChannel.close`). */
  close() {
    this.#unsubscribe();
    this.setState({ ready: false });
  }
}
