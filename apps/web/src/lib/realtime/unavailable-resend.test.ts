import { SOCKET_UNAVAILABLE_RETRIES } from '@parlo/contract/constants';
import type { ClientMessage } from '@parlo/contract/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUnavailableResend, type UnavailableResend } from '@/lib/realtime/unavailable-resend';

let transmitted: ClientMessage[];
let resend: UnavailableResend;

beforeEach(() => {
  vi.useFakeTimers();
  transmitted = [];
  resend = createUnavailableResend({
    transmit: (message) => {
      transmitted.push(message);
      return true;
    },
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

const unavailable = (ref: number | undefined, retryAfterMs = 1_000) => ({
  code: 'unavailable',
  message: 'The service is temporarily unavailable',
  ref,
  retryAfterMs,
});
const candidate = (n: number): ClientMessage => ({
  type: 'candidate',
  payload: { candidate: `candidate:${n}` },
});
const camera = (enabled: boolean): ClientMessage => ({
  type: 'camera_toggled',
  payload: { enabled },
});

describe('sending again after unavailable', () => {
  it('numbers each message and sends it again after retryAfterMs times the attempt', async () => {
    const first = resend.stamp({ type: 'media_connected' });
    expect(first).toEqual({ type: 'media_connected', ref: 1 });
    expect(resend.stamp(camera(true)).ref).toBe(2);

    resend.handleError(unavailable(1));
    await vi.advanceTimersByTimeAsync(999);
    expect(transmitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(transmitted).toEqual([{ type: 'media_connected', ref: 3 }]);

    // The second failure of the same message waits twice as long.
    resend.handleError(unavailable(3));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(transmitted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(transmitted).toEqual([
      { type: 'media_connected', ref: 3 },
      { type: 'media_connected', ref: 4 },
    ]);
  });

  it(`gives up after ${SOCKET_UNAVAILABLE_RETRIES} more sendings`, async () => {
    let ref = resend.stamp({ type: 'end_session', payload: { reason: 'user_ended' } }).ref!;
    for (let attempt = 1; attempt <= SOCKET_UNAVAILABLE_RETRIES + 1; attempt++) {
      resend.handleError(unavailable(ref, 10));
      await vi.advanceTimersByTimeAsync(10 * attempt);
      ref = transmitted.at(-1)?.ref ?? ref;
    }
    expect(transmitted).toHaveLength(SOCKET_UNAVAILABLE_RETRIES);
  });

  it('sends every failed candidate again, but only the latest of other types', async () => {
    const refs = [candidate(1), candidate(2), camera(false), camera(true)].map(
      (message) => resend.stamp(message).ref!,
    );
    for (const ref of refs) resend.handleError(unavailable(ref));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(transmitted.map(({ type, payload }) => ({ type, payload }))).toEqual([
      candidate(1),
      candidate(2),
      camera(true),
    ]);
  });

  it('ignores other errors, unknown refs, and what was pending when the socket went away', async () => {
    const ref = resend.stamp(camera(true)).ref!;
    resend.handleError({ code: 'internal_error', message: 'Something went wrong', ref });
    resend.handleError(unavailable(999));
    resend.handleError(unavailable(undefined));
    resend.handleError(null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(transmitted).toEqual([]);

    resend.handleError(unavailable(ref));
    resend.reset();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(transmitted).toEqual([]);
  });
});
