import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeSocket,
  reconnectDelay,
  type RealtimeSocket,
  type SocketLike,
  type SocketStatus,
} from '@/lib/realtime/socket-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  sent: string[] = [];
  closedWith: number | undefined;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code } as CloseEvent);
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

let sockets: FakeSocket[];
let statuses: SocketStatus[];
let getAccessToken: ReturnType<typeof vi.fn<() => Promise<string | null>>>;
let refreshAccessToken: ReturnType<typeof vi.fn<() => Promise<string | null>>>;
let client: RealtimeSocket;

const latest = () => sockets[sockets.length - 1]!;
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  statuses = [];
  getAccessToken = vi.fn(() => Promise.resolve('token-1'));
  refreshAccessToken = vi.fn(() => Promise.resolve('token-2'));
  client = createRealtimeSocket({
    url: () => 'ws://parlo.test/ws',
    createSocket: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    getAccessToken,
    refreshAccessToken,
    random: () => 0.5,
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  client.onStatus((status) => statuses.push(status));
});

afterEach(() => {
  vi.useRealTimers();
});

async function connected() {
  client.connect();
  await flush();
  latest().serverOpens();
}

describe('realtime socket', () => {
  it('opens one socket with the token in the bearer subprotocol', async () => {
    client.connect();
    client.connect();
    await flush();
    expect(sockets).toHaveLength(1);
    expect(latest().url).toBe('ws://parlo.test/ws');
    expect(latest().protocols).toEqual(['bearer', 'token-1']);
    latest().serverOpens();
    client.connect();
    expect(client.status()).toBe('connected');
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects after an unexpected close with 1 s, 2 s, 4 s (jittered) then gives up', async () => {
    await connected();
    latest().serverCloses(1006);
    expect(client.status()).toBe('reconnecting');

    // random 0.5 → three quarters of the capped delay.
    for (const delay of [750, 1500, 3000]) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      const before = sockets.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(before + 1);
      latest().serverCloses(1006);
    }
    expect(sockets).toHaveLength(4);
    expect(client.status()).toBe('connection_failed');
    expect(client.lastError()).toBe('max_reconnect_attempts');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(4);
  });

  it('starts counting again after a reconnect succeeds', async () => {
    await connected();
    latest().serverCloses(1011);
    await vi.advanceTimersByTimeAsync(750);
    latest().serverOpens();
    expect(client.status()).toBe('connected');
    expect(client.lastError()).toBeNull();
    latest().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(750);
    expect(sockets).toHaveLength(3);
  });

  it('caps the delay at 10 s and jitters between half and all of it', () => {
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(1, () => 0.999)).toBe(1000);
    expect(reconnectDelay(3, () => 0.999)).toBe(3998);
    expect(reconnectDelay(6, () => 0.999)).toBe(9995);
    expect(reconnectDelay(20, () => 0)).toBe(5000);
  });

  it('refreshes the token once after 4001, retries once, then fails without looping', async () => {
    client.connect();
    await flush();
    latest().serverCloses(4001);
    await flush();
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
    expect(latest().protocols).toEqual(['bearer', 'token-2']);

    latest().serverCloses(4001);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(client.status()).toBe('connection_failed');
    expect(client.lastError()).toBe('authentication_failed');
  });

  it('fails with token_refresh_failed when the refresh after 4001 gives no token', async () => {
    refreshAccessToken.mockResolvedValueOnce(null);
    client.connect();
    await flush();
    latest().serverCloses(4001);
    await flush();
    expect(sockets).toHaveLength(1);
    expect(client.status()).toBe('connection_failed');
    expect(client.lastError()).toBe('token_refresh_failed');
  });

  it('fails with no_access_token when signed out', async () => {
    getAccessToken.mockResolvedValueOnce(null);
    client.connect();
    await flush();
    expect(sockets).toHaveLength(0);
    expect(client.status()).toBe('connection_failed');
    expect(client.lastError()).toBe('no_access_token');
  });

  it('reports a duplicate connection on 4999 and does not retry', async () => {
    await connected();
    latest().serverCloses(4999);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.status()).toBe('duplicate_connection');
    expect(sockets).toHaveLength(1);
  });

  it('reports a restricted account on 4003 and does not retry', async () => {
    await connected();
    latest().serverCloses(4003);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.status()).toBe('account_restricted');
    expect(sockets).toHaveLength(1);
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('comes back at once on 1012 (the instance hands over), without using up an attempt', async () => {
    await connected();
    // Four restarts in a row: each is back within the 500 ms spread (random 0.5 → 250 ms).
    for (let i = 0; i < 4; i++) {
      latest().serverCloses(1012);
      expect(client.status()).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(249);
      const before = sockets.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(before + 1);
      latest().serverOpens();
      await flush();
      expect(client.status()).toBe('connected');
    }
    expect(sockets).toHaveLength(5);
  });

  it('stops on a normal close (1000)', async () => {
    await connected();
    latest().serverCloses(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.status()).toBe('disconnected');
    expect(sockets).toHaveLength(1);
  });

  it('connects again from connection_failed when asked', async () => {
    getAccessToken.mockResolvedValueOnce(null);
    client.connect();
    await flush();
    client.connect();
    await flush();
    expect(sockets).toHaveLength(1);
    latest().serverOpens();
    expect(client.status()).toBe('connected');
  });

  it('dispatches each message to the listeners of its type and ignores the rest', async () => {
    const created = vi.fn();
    const ended = vi.fn();
    const offCreated = client.on('session_created', created);
    client.on('session_ended', ended);
    await connected();

    latest().serverSends(
      JSON.stringify({ type: 'session_ended', payload: { sessionId: 's1', reason: 'user_ended' } }),
    );
    // A known type whose payload the contract's serverMessageSchema refuses reaches nobody.
    latest().serverSends(JSON.stringify({ type: 'session_ended', payload: { sessionId: 's2' } }));
    latest().serverSends(
      JSON.stringify({ type: 'session_ended', payload: { sessionId: 's3', reason: 'boredom' } }),
    );
    latest().serverSends('not json');
    latest().serverSends(JSON.stringify({ payload: {} }));
    latest().serverSends(JSON.stringify({ type: 'unknown_kind', payload: {} }));
    latest().serverSends(JSON.stringify(['session_ended']));
    latest().serverSends(new ArrayBuffer(4));
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith({ sessionId: 's1', reason: 'user_ended' });

    offCreated();
    latest().serverSends(JSON.stringify({ type: 'session_created', payload: {} }));
    expect(created).not.toHaveBeenCalled();
  });

  it('keeps dispatching when one listener throws', async () => {
    vi.stubGlobal('reportError', vi.fn());
    const second = vi.fn();
    client.on('error', () => {
      throw new Error('boom');
    });
    client.on('error', second);
    await connected();
    latest().serverSends(JSON.stringify({ type: 'error', payload: { code: 1, message: '' } }));
    expect(second).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('sends JSON only while open and reports false otherwise', async () => {
    const message = { type: 'camera_toggled', payload: { enabled: true } } as const;
    expect(client.send(message)).toBe(false);
    client.connect();
    await flush();
    expect(client.send(message)).toBe(false);
    latest().serverOpens();
    expect(client.send(message)).toBe(true);
    expect(latest().sent).toEqual([JSON.stringify({ ...message, ref: 1 })]);
  });

  it('sends a message again when the server answers it with unavailable', async () => {
    await connected();
    const offer = { type: 'offer', payload: { sdp: 'v=0' } } as const;
    client.send(offer);
    const { ref } = JSON.parse(latest().sent[0]!) as { ref: number };
    const error = { code: 'unavailable', message: 'later', ref, retryAfterMs: 1_000 };
    latest().serverSends(JSON.stringify({ type: 'error', payload: error }));
    await vi.advanceTimersByTimeAsync(999);
    expect(latest().sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(latest().sent.map((data) => JSON.parse(data) as unknown)).toEqual([
      { ...offer, ref },
      { ...offer, ref: ref + 1 },
    ]);
  });

  it('disconnect closes with 1000 and cancels a pending reconnect', async () => {
    await connected();
    const first = latest();
    client.disconnect();
    expect(first.closedWith).toBe(1000);
    expect(client.status()).toBe('disconnected');

    await connected();
    latest().serverCloses(1006);
    client.disconnect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
    expect(client.status()).toBe('disconnected');
  });

  it('opens nothing when disconnected while the token is on its way', async () => {
    client.connect();
    client.disconnect();
    await flush();
    expect(sockets).toHaveLength(0);
    expect(client.status()).toBe('disconnected');
  });
});
