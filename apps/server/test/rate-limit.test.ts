import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  drivers,
  manualClock,
  TEST_API_KEY,
  type TestApp,
} from './helpers/test-app.ts';

const MAX = 3;
const headers = { 'x-api-key': TEST_API_KEY };

describe.each(drivers)('global per-IP rate limit (%s)', (driver) => {
  let t: TestApp;
  const clock = manualClock();

  beforeAll(async () => {
    t = await buildTestApp(driver, { env: { RATE_LIMIT_MAX: String(MAX) }, clock });
  });
  afterAll(() => t.close());

  it('answers 429 in the envelope once an IP passes the limit, until the window ends', async () => {
    for (let i = 1; i <= MAX; i++) {
      const res = await t.app.inject({ url: '/api/v1/languages', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(MAX - i));
    }

    const limited = await t.app.inject({ url: '/api/v1/languages', headers });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 429,
      message: 'Too many requests, please wait a moment and try again.',
    });
    expect(limited.headers['retry-after']).toBe('60');

    // Unknown paths and other routes share the same per-IP budget.
    const unknown = await t.app.inject({ url: '/api/v1/nothing-here', headers });
    expect(unknown.statusCode).toBe(429);
    const otherIp = await t.app.inject({
      url: '/api/v1/languages',
      headers,
      remoteAddress: '203.0.113.9',
    });
    expect(otherIp.statusCode).toBe(200);

    clock.advance(60_000);
    const afterWindow = await t.app.inject({ url: '/api/v1/languages', headers });
    expect(afterWindow.statusCode).toBe(200);
  });

  it('never limits /health, which load balancers poll', async () => {
    for (let i = 0; i < MAX * 3; i++) {
      const res = await t.app.inject({ url: '/health', remoteAddress: '198.51.100.7' });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe.each(drivers)('per-route rate limits (%s)', (driver) => {
  let t: TestApp;
  const clock = manualClock();

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      clock,
      extend(app) {
        // How sensitive calls will limit themselves: a budget of their own, apart from the global.
        app.post(
          '/api/v1/test/sensitive',
          { config: { rateLimit: { max: 1, timeWindow: 1_000 } } },
          () => ({ ok: true }),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('keeps a route budget apart from the global one, in its own window', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/api/v1/test/sensitive', headers });
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429 });
    expect(limited.headers['retry-after']).toBe('1');
    // The global budget is untouched by the route's own counter.
    const other = await t.app.inject({ url: '/api/v1/languages', headers });
    expect(other.headers['x-ratelimit-remaining']).toBe('299');

    clock.advance(1_000);
    expect((await call()).statusCode).toBe(200);
  });
});
