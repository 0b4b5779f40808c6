import { createHash, randomUUID } from 'node:crypto';
import { SOCKET_MAX_MESSAGE_BYTES } from '@parlo/contract/realtime';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/tables/users.ts';
import { createAuthRepo } from '../src/modules/auth/auth-repo.ts';
import { apiHeaders } from './helpers/oauth.ts';
import { eventually, useLiveApp } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

describe.each(drivers)('socket gateway (%s)', (driver) => {
  const ctx = useLiveApp(driver, { SOCKET_RATE_LIMIT: '20' });

  async function pair() {
    const a = await ctx.account();
    const b = await ctx.account();
    const sa = await ctx.connect(a);
    const sb = await ctx.connect(b);
    await ctx.find(a);
    await ctx.find(b);
    await sa.next('session_created');
    await sb.next('session_created');
    return { a, b, sa, sb };
  }

  it('accepts the bearer subprotocol and echoes bearer', async () => {
    const user = await ctx.account();
    const socket = await ctx.connect(user);
    expect(socket.ws.protocol).toBe('bearer');
    expect(ctx.app.live.gateway.connectedCount()).toBeGreaterThanOrEqual(1);
  });

  it('closes a socket with a bad, missing or expired token with 4001', async () => {
    const bad = ctx.rawSocket(['bearer', 'not-a-token']);
    expect((await bad.closed).code).toBe(4001);
    const none = ctx.rawSocket([]);
    expect((await none.closed).code).toBe(4001);
    const user = await ctx.account();
    const token = await ctx.tokenFor(user);
    ctx.clock.advance(16 * 60_000);
    const expired = ctx.rawSocket(['bearer', token]);
    expect((await expired.closed).code).toBe(4001);
  });

  it('closes the socket of a blocked account with 4001 and the reason', async () => {
    const user = await ctx.account();
    await ctx.db.update(users).set({ status: 'blocked' }).where(eq(users.id, user));
    const socket = ctx.rawSocket(['bearer', await ctx.tokenFor(user)]);
    expect(await socket.closed).toEqual({ code: 4001, reason: 'Account blocked' });
  });

  it('refuses a second socket of the same user with 4999 and keeps the first working', async () => {
    const { a, sa, sb } = await pair();
    const second = ctx.rawSocket(['bearer', await ctx.tokenFor(a)]);
    expect((await second.closed).code).toBe(4999);
    sb.send({ type: 'camera_toggled', payload: { enabled: true } });
    expect((await sa.next('peer_camera_toggled')).payload).toEqual({ enabled: true });
  });

  it('refuses an Origin that is not allowed', async () => {
    const user = await ctx.account();
    const socket = ctx.rawSocket(['bearer', await ctx.tokenFor(user)], 'https://evil.example');
    await expect(socket.opened).rejects.toThrow('unexpected response 403');
  });

  it('answers malformed, unknown and binary frames with error and keeps working', async () => {
    const user = await ctx.account();
    const socket = await ctx.connect(user);
    socket.send('{not json');
    expect((await socket.next('error', 0)).payload.code).toBe('invalid_json');
    socket.send({ type: 'teleport', payload: {} });
    expect((await socket.next('error', 1)).payload.code).toBe('invalid_message');
    socket.send({ type: 'offer', payload: { sdp: 42 } });
    expect((await socket.next('error', 2)).payload.code).toBe('invalid_message');
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await socket.next('error', 3)).payload.code).toBe('binary_not_supported');
    socket.send({ type: 'offer', payload: { sdp: 'v=0' } });
    expect((await socket.next('error', 4)).payload.code).toBe('no_active_session');
    socket.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    expect((await socket.next('error', 5)).payload.code).toBe('no_active_session');
  });

  it("answers a refused message with the message's ref, and one without a ref without it", async () => {
    const socket = await ctx.connect(await ctx.account());
    socket.send({ type: 'media_connected', ref: 41 });
    expect((await socket.next('error')).payload).toEqual({
      code: 'no_active_session',
      message: 'You are not in a call',
      ref: 41,
    });
    socket.send({ type: 'media_connected' });
    expect((await socket.next('error', 1)).payload).toEqual({
      code: 'no_active_session',
      message: 'You are not in a call',
    });
    socket.send({ type: 'media_connected', ref: -1 });
    expect((await socket.next('error', 2)).payload.code).toBe('invalid_message');
  });

  it('answers a frame sent right after the handshake', async () => {
    const user = await ctx.account();
    const socket = ctx.rawSocket(['bearer', await ctx.tokenFor(user)]);
    socket.ws.once('open', () => socket.send('{not json'));
    expect((await socket.next('error')).payload.code).toBe('invalid_json');
  });

  it('closes an oversize frame with 1009 while other calls go on', async () => {
    const { sa, sb } = await pair();
    const user = await ctx.account();
    const big = await ctx.connect(user);
    big.send({ type: 'offer', payload: { sdp: 'x'.repeat(SOCKET_MAX_MESSAGE_BYTES + 10) } });
    expect((await big.closed).code).toBe(1009);
    const huge = await ctx.connect(user);
    huge.send('x'.repeat(1024 * 1024));
    expect((await huge.closed).code).toBe(1009);
    sa.send({ type: 'offer', payload: { sdp: 'v=0 still here' } });
    expect((await sb.next('offer')).payload.sdp).toBe('v=0 still here');
  });

  it('drops a flood past the rate limit with one error and serves the next second', async () => {
    const user = await ctx.account();
    const socket = await ctx.connect(user);
    for (let i = 0; i < 200; i++) socket.send({ type: 'media_connected' });
    await eventually(() => socket.of('error').length >= 41);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const errors = socket.of('error');
    const limited = errors.filter((e) => e.payload.code === 'rate_limited');
    expect(limited).toHaveLength(1);
    // 40 within the burst were handled (each refused for want of a call), the rest dropped.
    expect(errors.filter((e) => e.payload.code === 'no_active_session')).toHaveLength(40);
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.send({ type: 'media_connected' });
    await eventually(() => socket.of('error').length === 42);
  });

  it('forwards signalling and toggles only to the partner', async () => {
    const { sa, sb } = await pair();
    const third = await ctx.account();
    const st = await ctx.connect(third);
    sa.send({ type: 'offer', payload: { sdp: 'offer-sdp' } });
    sb.send({ type: 'answer', payload: { sdp: 'answer-sdp' } });
    sa.send({ type: 'candidate', payload: { candidate: 'candidate:1', sdpMid: '0' } });
    sa.send({ type: 'microphone_toggled', payload: { enabled: false } });
    expect((await sb.next('offer')).payload).toEqual({ sdp: 'offer-sdp' });
    expect((await sa.next('answer')).payload).toEqual({ sdp: 'answer-sdp' });
    expect((await sb.next('candidate')).payload.candidate).toBe('candidate:1');
    expect((await sb.next('peer_microphone_toggled')).payload).toEqual({ enabled: false });
    st.send({ type: 'offer', payload: { sdp: 'intruder' } });
    expect((await st.next('error')).payload.code).toBe('no_active_session');
    expect(st.messages.filter((m) => m.type !== 'error')).toEqual([]);
    expect(sa.of('offer')).toEqual([]);
    expect(sb.of('offer')).toHaveLength(1);
  });

  it('closes the socket with 1000 when the account is deleted', async () => {
    const user = await ctx.account();
    const socket = await ctx.connect(user);
    const res = await ctx.call(user, 'DELETE', '/users/me');
    expect(res.statusCode).toBeLessThan(300);
    expect((await socket.closed).code).toBe(1000);
    const again = ctx.rawSocket(['bearer', await ctx.tokenFor(user)]);
    expect((await again.closed).code).toBe(4001);
  });

  it('closes the socket with 1000 on sign-out', async () => {
    const user = await ctx.account();
    const socket = await ctx.connect(user);
    const refresh = `refresh-${randomUUID()}`;
    const now = ctx.clock.now();
    await createAuthRepo(ctx.db).insertRefreshToken({
      id: randomUUID(),
      userId: user,
      familyId: randomUUID(),
      tokenHash: createHash('sha256').update(refresh).digest('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: apiHeaders,
      cookies: { parlo_refresh: refresh },
    });
    expect(res.statusCode).toBe(204);
    expect(await socket.closed).toEqual({ code: 1000, reason: 'Signed out' });
  });

  it('frees the presence when a socket closes, so the user can connect again', async () => {
    const user = await ctx.account();
    const first = await ctx.connect(user);
    await first.close();
    await eventually(async () => !(await ctx.app.live.broker.isOnline(user)));
    const second = await ctx.connect(user);
    expect(second.ws.readyState).toBe(second.ws.OPEN);
  });

  it('keeps app.inject working beside the socket server', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health', headers: apiHeaders });
    expect(res.statusCode).toBe(200);
  });
});
