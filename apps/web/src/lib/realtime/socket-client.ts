import {
  SOCKET_BEARER_PROTOCOL,
  SOCKET_CLOSE_CODES,
  SOCKET_PATH,
  SOCKET_RECONNECT_BASE_DELAY_MS,
  SOCKET_RECONNECT_MAX_ATTEMPTS,
  SOCKET_RECONNECT_MAX_DELAY_MS,
  SOCKET_RESTART_JITTER_MS,
} from '@parlo/contract/constants';
import {
  serverMessageSchema,
  type ClientMessage,
  type ServerMessage,
  type ServerMessageType,
} from '@parlo/contract/realtime';
import { apiClient } from '@/lib/api-client';
import { createUnavailableResend } from '@/lib/realtime/unavailable-resend';

const PATH = SOCKET_PATH;
const BEARER = SOCKET_BEARER_PROTOCOL;
const CLOSE = SOCKET_CLOSE_CODES;

export type SocketStatus =
  | 'disconnected'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'connection_failed'
  | 'duplicate_connection'
  /** A moderator blocked the account: final, the app reloads the user and shows the blocked page. */
  | 'account_restricted';

/** Why the socket is not connected (spec §8 "Socket failures"); the texts live in `realtime.json`. */
export type SocketError =
  | 'authentication_failed'
  | 'max_reconnect_attempts'
  | 'connection_error'
  | 'no_access_token'
  | 'token_refresh_failed';

export type ServerPayload<T extends ServerMessageType> = Extract<
  ServerMessage,
  { type: T }
>['payload'];

export interface RealtimeSocket {
  status(): SocketStatus;
  onStatus(listener: (status: SocketStatus) => void): () => void;
  /** The last failure, kept until the next successful connection. */
  lastError(): SocketError | null;
  /**
   * False when the socket is not open (nothing queued). A message the server answers with
   * `unavailable` (an outage on its side) is sent again a little later.
   */
  send(message: ClientMessage): boolean;
  on<T extends ServerMessageType>(
    type: T,
    listener: (payload: ServerPayload<T>) => void,
  ): () => void;
  /** Idempotent; gets a fresh access token first. */
  connect(): void;
  /** Closes with 1000 and stops reconnecting. */
  disconnect(): void;
}

/** The part of the browser's WebSocket this client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type RealtimeSocketDeps = {
  url: () => string;
  createSocket: (url: string, protocols: string[]) => SocketLike;
  getAccessToken: () => Promise<string | null>;
  refreshAccessToken: () => Promise<string | null>;
  /** 0 ≤ n < 1; the jitter of the reconnect delays. */
  random: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const OPEN = 1;

/**
 * Delay before reconnect attempt `attempt` (1-based): the base doubling, capped, with "equal
 * jitter" so that tabs cut off together do not all come back at the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number) {
  const capped = Math.min(
    SOCKET_RECONNECT_MAX_DELAY_MS,
    SOCKET_RECONNECT_BASE_DELAY_MS * 2 ** (attempt - 1),
  );
  return Math.round(capped / 2 + (random() * capped) / 2);
}

/**
 * A frame from the server as the contract's `serverMessageSchema` reads it, or null: a frame the
 * schema refuses (malformed, unknown type, wrong payload) reaches no listener.
 */
export function readServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const result = serverMessageSchema.safeParse(parsed);
  return result.success ? result.data : null;
}

function report(error: unknown) {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
}

export function createRealtimeSocket(deps: RealtimeSocketDeps): RealtimeSocket {
  let status: SocketStatus = 'disconnected';
  let error: SocketError | null = null;
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  let attempts = 0;
  let authRetried = false;
  /** Bumped by connect and disconnect, so a token that arrives late opens nothing. */
  let generation = 0;
  const statusListeners = new Set<(status: SocketStatus) => void>();
  const messageListeners = new Map<string, Set<(payload: unknown) => void>>();
  const resend = createUnavailableResend({
    transmit,
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
  });

  function transmit(message: ClientMessage): boolean {
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  function setStatus(next: SocketStatus) {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  function fail(reason: SocketError, next: SocketStatus = 'connection_failed') {
    error = reason;
    setStatus(next);
  }

  function dispatch(data: unknown) {
    const message = readServerMessage(data);
    if (!message) return;
    if (message.type === 'error') resend.handleError(message.payload);
    const listeners = messageListeners.get(message.type);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(message.payload);
      } catch (caught) {
        report(caught);
      }
    }
  }

  function scheduleReconnect() {
    if (attempts >= SOCKET_RECONNECT_MAX_ATTEMPTS) {
      fail('max_reconnect_attempts');
      return;
    }
    attempts += 1;
    setStatus('reconnecting');
    const current = generation;
    timer = deps.setTimeout(
      () => {
        timer = null;
        if (current === generation) void open(deps.getAccessToken);
      },
      reconnectDelay(attempts, deps.random),
    );
  }

  /**
   * The server handed the socket over (its instance is shutting down): back at once, spread over
   * SOCKET_RESTART_JITTER_MS, without using up a reconnect attempt.
   */
  function reconnectSoon() {
    setStatus('reconnecting');
    const current = generation;
    timer = deps.setTimeout(
      () => {
        timer = null;
        if (current === generation) void open(deps.getAccessToken);
      },
      Math.round(deps.random() * SOCKET_RESTART_JITTER_MS),
    );
  }

  async function retryAfterAuthFailure() {
    authRetried = true;
    if (status === 'connected') setStatus('reconnecting');
    const current = generation;
    const token = await deps.refreshAccessToken().catch(() => null);
    if (current !== generation) return;
    if (!token) {
      fail('token_refresh_failed');
      return;
    }
    openWith(token);
  }

  function handleClose(closed: SocketLike, event: CloseEvent) {
    if (closed !== socket) return;
    socket = null;
    resend.reset();
    if (event.code === CLOSE.normal) {
      setStatus('disconnected');
    } else if (event.code === CLOSE.duplicateConnection) {
      setStatus('duplicate_connection');
    } else if (event.code === CLOSE.accountRestricted) {
      setStatus('account_restricted');
    } else if (event.code === CLOSE.serviceRestart) {
      reconnectSoon();
    } else if (event.code === CLOSE.authenticationFailed) {
      if (authRetried) fail('authentication_failed');
      else void retryAfterAuthFailure();
    } else {
      scheduleReconnect();
    }
  }

  function openWith(token: string) {
    const created = deps.createSocket(deps.url(), [BEARER, token]);
    socket = created;
    created.onopen = () => {
      if (created !== socket) return;
      attempts = 0;
      authRetried = false;
      error = null;
      setStatus('connected');
    };
    created.onmessage = (event) => {
      if (created === socket) dispatch(event.data);
    };
    created.onerror = () => {
      if (created === socket) error = 'connection_error';
    };
    created.onclose = (event) => handleClose(created, event);
  }

  async function open(getToken: () => Promise<string | null>) {
    const current = generation;
    const token = await getToken().catch(() => null);
    if (current !== generation) return;
    if (!token) {
      fail('no_access_token');
      return;
    }
    openWith(token);
  }

  function stop() {
    generation += 1;
    resend.reset();
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
    const closing = socket;
    socket = null;
    if (closing) {
      closing.onopen = closing.onmessage = closing.onerror = closing.onclose = null;
      closing.close(CLOSE.normal);
    }
  }

  return {
    status: () => status,
    lastError: () => error,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    send(message) {
      if (!socket || socket.readyState !== OPEN) return false;
      return transmit(resend.stamp(message));
    },
    on(type, listener) {
      let listeners = messageListeners.get(type);
      if (!listeners) {
        listeners = new Set();
        messageListeners.set(type, listeners);
      }
      const stored = listener as (payload: unknown) => void;
      listeners.add(stored);
      return () => {
        messageListeners.get(type)?.delete(stored);
      };
    },
    connect() {
      if (status === 'connecting' || status === 'connected' || status === 'reconnecting') return;
      stop();
      attempts = 0;
      authRetried = false;
      setStatus('connecting');
      void open(deps.getAccessToken);
    },
    disconnect() {
      stop();
      attempts = 0;
      authRetried = false;
      error = null;
      setStatus('disconnected');
    },
  };
}

/** One socket per tab (spec §4 Realtime connection). */
export const realtimeSocket: RealtimeSocket = createRealtimeSocket({
  url: () => `${location.origin.replace(/^http/, 'ws')}${PATH}`,
  createSocket: (url, protocols) => new WebSocket(url, protocols),
  getAccessToken: () => apiClient.getAccessToken(),
  refreshAccessToken: () => apiClient.refreshAccessToken(),
  random: Math.random,
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});
