import { errorEnvelopeSchema } from '@parlo/contract/errors';
import type { ServerMessage } from '@parlo/contract/realtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createChargedSession } from '../src/modules/tokens/session-charge-repo.ts';
import { apiRoutes, sampleParams } from './helpers/api-routes.ts';
import { httpCase, socketFrame } from './helpers/fuzz-inputs.ts';
import { eventually, sleep, useLiveApp } from './helpers/live-app.ts';
import { setRole } from './helpers/moderation.ts';
import { apiHeaders } from './helpers/oauth.ts';
import { captureLogs, drivers } from './helpers/test-app.ts';

/**
 * A repeatable fuzz of every API route and of the socket (issue 17), as a signed-in moderator
 * (moderators reach every route): bounded for `npm test`; FUZZ_RUNS_PER_ROUTE, FUZZ_FRAME_RUNS
 * and FUZZ_SEED make a longer or different run. Each run prints one JSON line with its figures.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 25);
const FRAME_RUNS = Number(process.env.FUZZ_FRAME_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 17);
/** Generous: the machine running `npm test` may be busy; the defaults take seconds. */
const TIMEOUT_MS = 60_000 + (RUNS_PER_ROUTE * 50 + FRAME_RUNS) * 100;

describe.each(drivers)('fuzzing as a signed-in user (%s)', { timeout: TIMEOUT_MS }, (driver) => {
  const logs = captureLogs();
  const live = useLiveApp(
    driver,
    { RATE_LIMIT_MAX: '1000000', SIGNIN_RATE_LIMIT_MAX: '1000000', SOCKET_RATE_LIMIT: '100000' },
    () => ({ logger: logs.logger }),
  );
  /** Lines logged as errors, from the `from`-th line on. */
  const errorLines = (from = 0) =>
    logs.lines.slice(from).filter((line) => (line.level as number) >= 50);

  async function moderator() {
    const id = await live.account({ bonus: 5 });
    await setRole(live.db, id, 'moderator');
    return { id, token: await live.tokenFor(id) };
  }

  it('answers every malformed request below 500, in the error envelope', async () => {
    const routes = apiRoutes(live.app);
    let user = await moderator();
    const tally = { requests: 0, status5xx: 0, byStatus: {} as Record<number, number> };

    // Every route gets its share of cases, each from its own seed, so none is left out by chance.
    for (const [index, route] of routes.entries()) {
      const property = fc.asyncProperty(
        httpCase(route, sampleParams()),
        async ({ method, url, contentType, body, token, mutation }) => {
          const headers: Record<string, string> = { ...apiHeaders };
          if (token === 'valid') headers.authorization = `Bearer ${user.token}`;
          if (token === 'forged') headers.authorization = `Bearer ${user.token.slice(0, -2)}xx`;
          if (contentType !== 'none') headers['content-type'] = contentType;
          const res = await live.app.inject({
            method,
            url,
            headers,
            ...(method === 'GET' || body === '' ? {} : { payload: body }),
          });
          tally.requests += 1;
          tally.byStatus[res.statusCode] = (tally.byStatus[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) tally.status5xx += 1;
          const label = `${mutation}: ${method} ${url} ${contentType} ${body.slice(0, 200)}`;
          expect(res.statusCode, `${label} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(errorEnvelopeSchema.safeParse(res.json()).success, label).toBe(true);
          }
          // The fuzz deleted its own account: carry on as someone else.
          if (route.path === '/api/v1/users/me' && method === 'DELETE' && res.statusCode < 300) {
            user = await moderator();
          }
        },
      );
      await fc.assert(property, {
        numRuns: RUNS_PER_ROUTE,
        seed: SEED + index,
        endOnFailure: true,
      });
    }

    expect(errorLines()).toEqual([]);
    expect((await live.app.inject({ url: '/health' })).statusCode).toBe(200);
    console.log(
      JSON.stringify({ fuzz: 'http', driver, seed: SEED, routes: routes.length, ...tally }),
    );
  });

  it('answers every malformed frame without internal_error, and keeps serving', async () => {
    const firstLine = logs.lines.length;
    const a = await live.account();
    const b = await live.account();
    // In a call, so well-formed signalling is relayed to a partner, not just refused.
    await createChargedSession(live.db, {
      user1Id: a,
      user2Id: b,
      languageCode: 'en',
      now: live.clock.now(),
    });
    const socket = await live.connect(a);
    const partner = await live.connect(b);
    await eventually(() => live.app.live.lifecycle.partnerOf(a) === b);
    let frames = 0;

    const property = fc.asyncProperty(socketFrame, async (frame) => {
      socket.ws.send(frame, { binary: Buffer.isBuffer(frame) });
      frames += 1;
      // Now and then, let the answers catch up, as a real client's pace would.
      if (frames % 25 === 0) await sleep(5);
    });
    await fc.assert(property, { numRuns: FRAME_RUNS, seed: SEED, endOnFailure: true });

    // Answers come back in order for what fails at once; give the rest a moment to arrive.
    const answered = socket.of('error').length;
    socket.send('{');
    await eventually(() => socket.of('error').length > answered);
    await sleep(300);
    const codes = socket.of('error').map((error) => error.payload.code);
    expect(codes).not.toContain('internal_error');
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    expect(partner.ws.readyState).toBe(WebSocket.OPEN);
    expect(errorLines(firstLine)).toEqual([]);
    expect((await live.app.inject({ url: '/health' })).statusCode).toBe(200);
    const byCode: Record<string, number> = {};
    for (const code of codes) byCode[code] = (byCode[code] ?? 0) + 1;
    const relayed = partner.messages.filter((m: ServerMessage) => m.type !== 'error').length;
    console.log(
      JSON.stringify({ fuzz: 'socket', driver, seed: SEED, frames, relayed, errors: byCode }),
    );
  });
});
