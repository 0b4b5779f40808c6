import { CHAT_MAX_LENGTH } from '@parlo/contract/constants';
import { StateStore } from '@/features/practice/lib/state-store';

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

/** What travels over the `chat` data channel. */
type WireMessage = { id: string; content: string; timestamp: number };

/** The slice of RTCDataChannel the chat uses, so tests can hand it a fake. */
export type ChatDataChannel = {
  readonly readyState: RTCDataChannelState;
  send: (data: string) => void;
  close: () => void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
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

function parseWire(data: unknown): WireMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<WireMessage>;
    if (typeof value.content !== 'string') return null;
    const content = sendableContent(value.content);
    if (!content) return null;
    return {
      id: typeof value.id === 'string' ? value.id : '',
      content,
      timestamp: typeof value.timestamp === 'number' ? value.timestamp : 0,
    };
  } catch {
    return null;
  }
}

/**
 * The text chat beside the call, carried peer to peer over the `chat` data channel. Messages live
 * only in this object's memory: nothing is sent to the server or stored (DESIGN §2).
 */
export class ChatChannel extends StateStore<ChatSnapshot> {
  readonly #deps: ChatChannelDeps;
  #channel: ChatDataChannel | null = null;

  constructor(deps: ChatChannelDeps = {}) {
    super({ messages: [], unreadCount: 0, ready: false, visible: false });
    this.#deps = deps;
  }

  /** Takes the channel; a re-negotiated call brings a new one, and the old one falls silent. */
  attach(channel: ChatDataChannel) {
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

  /** Sends a message; false when it was empty, too long, or the channel is not open. */
  send(content: string): boolean {
    const text = sendableContent(content);
    const channel = this.#channel;
    if (!text || !channel || channel.readyState !== 'open') return false;
    const wire: WireMessage = {
      id: this.#deps.createId?.() ?? crypto.randomUUID(),
      content: text,
      timestamp: this.#deps.now?.() ?? Date.now(),
    };
    try {
      channel.send(JSON.stringify(wire));
    } catch {
      return false;
    }
    this.#append({ ...wire, sender: 'self', isRead: true });
    return true;
  }

  #receive(data: unknown) {
    const wire = parseWire(data);
    if (!wire) return;
    const { visible } = this.getSnapshot();
    const message: ChatMessage = {
      id: wire.id || (this.#deps.createId?.() ?? crypto.randomUUID()),
      content: wire.content,
      timestamp: wire.timestamp || (this.#deps.now?.() ?? Date.now()),
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

  close() {
    const channel = this.#channel;
    this.#channel = null;
    if (channel) {
      channel.onopen = null;
      channel.onclose = null;
      channel.onmessage = null;
      channel.close();
    }
    this.setState({ ready: false });
  }
}
