import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  clientMessageSchema,
  SOCKET_BEARER_PROTOCOL,
  SOCKET_CLOSE_CODES,
  SOCKET_MAX_MESSAGE_BYTES,
  SOCKET_PATH,
  type ClientMessage,
  type ServerMessage,
} from '@parlo/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Broker } from '../broker/broker.ts';
import { unavailableReason } from '../lib/unavailable.ts';
import { SOCKET_ERROR_CODES, socketFailure } from './socket-errors.ts';
import { createTokenBucket } from './token-bucket.ts';

/** Pings this often; a socket that has not answered the previous ping is dropped. */
export const HEARTBEAT_INTERVAL_MS = 10_000;
/**
 * The sockets are pinged a slice at a time, one slice this often, so each tick sends a few pings
 * (5 per tick for 1,000 sockets at the default interval) instead of a burst that holds the event
 * loop while calls wait: 100 pings in one tick held it for about 5 ms.
 */
const HEARTBEAT_TICK_MS = 50;
/** On shutdown, sockets get this long to close politely before they are cut. */
const SHUTDOWN_CLOSE_MS = 1_000;
/** Tells clients to reconnect at once (they land on another instance). */
const SERVICE_RESTART = SOCKET_CLOSE_CODES.serviceRestart;
/** WebSocket close code 1013: the server cannot take the socket now. */
const TRY_AGAIN_LATER = 1013;
/** Stating presence again after a broker outage is retried this often, this many times. */
const REASSERT_RETRY_MS = 1_000;
const REASSERT_ATTEMPTS = 30;

export type SocketAuth = { userId: string } | { refused: string };

export interface GatewayDeps {
  server: Server;
  broker: Pick<Broker, 'claimPresence' | 'reassertPresence' | 'releasePresence' | 'subscribe'>;
  instanceId: string;
  /** Who the bearer token belongs to, or why the socket is refused (closed with 4001). */
  authenticate: (token: string | undefined) => Promise<SocketAuth>;
  allowedOrigins: readonly string[];
  messagesPerSecond: number;
  heartbeatMs?: number;
  onMessage: (userId: string, message: ClientMessage) => Promise<void>;
  /** Sees each message on its way to a socket of this instance, before it is sent. */
  onDelivering?: (userId: string, message: ServerMessage) => void;
  onConnected: (userId: string) => void;
  /** `shuttingDown`: this instance closed the socket to hand the user to another instance. */
  onDisconnected: (userId: string, shuttingDown: boolean) => void;
  log: FastifyBaseLogger;
}

export interface Gateway {
  /** Sockets open on this instance. */
  connectedCount(): number;
  /** Closes the user's socket on this instance; false when there is none. */
  closeUser(userId: string, code: number, reason: string): boolean;
  /** Sends to the user's socket on this instance; false when there is none. */
  send(userId: string, message: ServerMessage): boolean;
  close(): Promise<void>;
}

/**
 * The socket gateway at `/ws` (DESIGN §2 Realtime): bearer subprotocol authentication, the Origin
 * allowlist, one socket per user (a second is closed with 4999), heartbeats, size and rate limits,
 * and `{type, payload}` validation. Everything a socket says goes to `onMessage`; a refused or
 * failed message is answered with an `error` message and the socket stays open.
 */
export function createGateway(deps: GatewayDeps): Gateway {
  const { log } = deps;
  const sockets = new Map<string, WebSocket>();
  const alive = new WeakSet<WebSocket>();
  let closing = false;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: SOCKET_MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) =>
      protocols.has(SOCKET_BEARER_PROTOCOL) ? SOCKET_BEARER_PROTOCOL : false,
  });

  const send = (ws: WebSocket, message: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const sendError = (ws: WebSocket, code: string | number, message: string) =>
    send(ws, { type: 'error', payload: { code, message } });

  /**
   * The broker is back after an outage, maybe empty: this instance states its sockets again, and
   * a user who connected to another instance meanwhile keeps that socket, not this one.
   */
  let reasserting: NodeJS.Timeout | undefined;
  function reassertPresence(attempt = 1) {
    clearTimeout(reasserting);
    deps.broker
      .reassertPresence(deps.instanceId, [...sockets.keys()])
      .then((taken) => {
        if (taken.length > 0) log.info({ users: taken.length }, 'sockets held elsewhere closed');
        for (const userId of taken) {
          const ws = sockets.get(userId);
          // Its close must not release the other instance's presence: forget it first.
          sockets.delete(userId);
          ws?.close(SOCKET_CLOSE_CODES.duplicateConnection, 'Already connected elsewhere');
        }
      })
      .catch((error: unknown) => {
        if (closing || attempt >= REASSERT_ATTEMPTS) {
          log.error({ err: error }, 'stating presence again failed');
          return;
        }
        reasserting = setTimeout(() => reassertPresence(attempt + 1), REASSERT_RETRY_MS);
        reasserting.unref();
      });
  }

  const unsubscribe = deps.broker.subscribe(deps.instanceId, (event) => {
    if (event.kind === 'reconnected') return reassertPresence();
    const ws = sockets.get(event.userId);
    if (!ws) return;
    if (event.kind === 'message') {
      deps.onDelivering?.(event.userId, event.message);
      send(ws, event.message);
    } else ws.close(event.code, event.reason);
  });

  // Each registered socket belongs to one slice; one slice is pinged per tick, so each socket is
  // still pinged once an interval. A socket still being accepted (its presence claim in flight)
  // is in no slice yet: it is not pinged, nor taken for dead, until it is registered.
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_INTERVAL_MS;
  const slices = Array.from(
    { length: Math.max(1, Math.round(heartbeatMs / HEARTBEAT_TICK_MS)) },
    () => new Set<WebSocket>(),
  );
  let nextSlice = 0;
  let tick = 0;
  const heartbeat = setInterval(() => {
    const slice = slices[tick++ % slices.length]!;
    for (const ws of slice) {
      if (!alive.has(ws)) {
        slice.delete(ws);
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, heartbeatMs / slices.length);
  heartbeat.unref();

  function reject(socket: Duplex, status: number, reason: string) {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  function bearerToken(request: IncomingMessage): string | undefined {
    const offered = (request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((value) => value.trim());
    return offered[0] === SOCKET_BEARER_PROTOCOL && offered[1] ? offered[1] : undefined;
  }

  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', (error) => log.debug({ err: error }, 'socket error before upgrade'));
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== SOCKET_PATH) return reject(socket, 404, 'Not Found');
    if (closing) return reject(socket, 503, 'Service Unavailable');
    const origin = request.headers.origin;
    // Browsers always send Origin; tools without one are held to the token alone.
    if (origin !== undefined && !deps.allowedOrigins.includes(origin)) {
      return reject(socket, 403, 'Forbidden');
    }
    let auth: SocketAuth;
    try {
      auth = await deps.authenticate(bearerToken(request));
    } catch (error) {
      const unavailable = unavailableReason(error);
      if (unavailable) log.warn({ reason: unavailable }, 'socket refused: data store unavailable');
      else log.error({ err: error }, 'socket authentication failed');
      return reject(socket, 503, 'Service Unavailable');
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      void accept(ws, auth);
    });
  }

  async function accept(ws: WebSocket, auth: SocketAuth) {
    ws.on('error', (error) => log.debug({ err: error }, 'socket error'));
    if ('refused' in auth) return ws.close(SOCKET_CLOSE_CODES.authenticationFailed, auth.refused);
    const { userId } = auth;
    // Frames a client sends right after the handshake wait until the presence claim is settled.
    const early: [RawData, boolean][] = [];
    const hold = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
    ws.on('message', hold);
    if (closing) return ws.close(SERVICE_RESTART, 'Server restarting');
    let claimed: boolean;
    try {
      claimed = await deps.broker.claimPresence(userId, deps.instanceId);
    } catch (error) {
      // The broker is unreachable: the client tries again with its backoff.
      log.warn({ err: error, userId }, 'socket refused: presence could not be claimed');
      ws.close(TRY_AGAIN_LATER, 'Try again later');
      // The claim may have been carried out with only its answer lost (a timeout): undo it, or
      // every retry is refused as a second connection. A socket the user holds here keeps its own.
      if (!sockets.has(userId)) {
        await deps.broker
          .releasePresence(userId, deps.instanceId)
          .catch((releaseError: unknown) =>
            log.warn({ err: releaseError, userId }, 'presence release after a failed claim failed'),
          );
      }
      return;
    }
    if (!claimed) {
      return ws.close(SOCKET_CLOSE_CODES.duplicateConnection, 'Already connected elsewhere');
    }
    if (ws.readyState !== ws.OPEN) {
      await deps.broker.releasePresence(userId, deps.instanceId);
      return;
    }
    sockets.set(userId, ws);
    alive.add(ws);
    const slice = slices[nextSlice++ % slices.length]!;
    slice.add(ws);
    ws.on('pong', () => alive.add(ws));
    const bucket = createTokenBucket(deps.messagesPerSecond, deps.messagesPerSecond * 2);
    ws.off('message', hold);
    ws.on('message', (data, isBinary) => onFrame(ws, userId, bucket, data, isBinary));
    ws.on('close', () => {
      slice.delete(ws);
      if (sockets.get(userId) !== ws) return;
      sockets.delete(userId);
      deps.broker
        .releasePresence(userId, deps.instanceId)
        .catch((error: unknown) => log.error({ err: error, userId }, 'presence release failed'))
        .finally(() => deps.onDisconnected(userId, closing));
    });
    deps.onConnected(userId);
    for (const [data, isBinary] of early) onFrame(ws, userId, bucket, data, isBinary);
  }

  function onFrame(
    ws: WebSocket,
    userId: string,
    bucket: ReturnType<typeof createTokenBucket>,
    data: RawData,
    isBinary: boolean,
  ) {
    const verdict = bucket.take();
    if (verdict !== 'ok') {
      // One notice per refill, not one per dropped frame, so a flood is not echoed back.
      if (verdict === 'first-drop') {
        sendError(ws, SOCKET_ERROR_CODES.rateLimited, 'Too many messages; some were dropped');
      }
      return;
    }
    if (isBinary) {
      return sendError(ws, SOCKET_ERROR_CODES.binary, 'Binary frames are not supported');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawText(data));
    } catch {
      return sendError(ws, SOCKET_ERROR_CODES.invalidJson, 'Messages must be JSON');
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      return sendError(
        ws,
        SOCKET_ERROR_CODES.invalidMessage,
        'Unknown or malformed message: {type, payload} expected',
      );
    }
    const { type, ref } = parsed.data;
    deps.onMessage(userId, parsed.data).catch((error: unknown) => {
      const failure = socketFailure(error);
      if (failure.kind === 'unavailable') {
        // An outage fails every message alike: one line each, without a stack trace (as HTTP).
        log.warn(
          { userId, type, reason: failure.reason },
          'socket message failed: store unavailable',
        );
      } else if (failure.kind === 'unexpected') {
        log.error({ err: error, userId, type }, 'socket message failed');
      }
      // The client's `ref` goes back with the answer, so it knows which message to send again.
      send(ws, {
        type: 'error',
        payload: ref === undefined ? failure.payload : { ...failure.payload, ref },
      });
    });
  }

  deps.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    onUpgrade(request, socket, head).catch((error: unknown) => {
      log.error({ err: error }, 'socket upgrade failed');
      socket.destroy();
    });
  });

  return {
    connectedCount: () => sockets.size,
    closeUser(userId, code, reason) {
      const ws = sockets.get(userId);
      ws?.close(code, reason);
      return ws !== undefined;
    },
    send(userId, message) {
      const ws = sockets.get(userId);
      if (ws) send(ws, message);
      return ws !== undefined;
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      clearTimeout(reasserting);
      unsubscribe();
      const open = [...wss.clients];
      await Promise.all(
        open.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === ws.CLOSED) return resolve();
              const cut = setTimeout(() => ws.terminate(), SHUTDOWN_CLOSE_MS);
              ws.once('close', () => {
                clearTimeout(cut);
                resolve();
              });
              ws.close(SERVICE_RESTART, 'Server restarting');
            }),
        ),
      );
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
