import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, useLiveApp } from './helpers/live-app.ts';
import { apiHeaders } from './helpers/oauth.ts';
import { buildTestApp, drivers, type TestApp } from './helpers/test-app.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one series in Prometheus text, with their labels. */
function samplesOf(text: string, name: string): Sample[] {
  const line = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
  const samples: Sample[] = [];
  for (const row of text.split('\n')) {
    const match = line.exec(row);
    if (!match || match[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined if none. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  const found = samplesOf(text, name).filter((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe.each(drivers)('metrics endpoint (%s)', (driver) => {
  let t: TestApp;
  let local: TestApp;

  beforeAll(async () => {
    [t, local] = await Promise.all([
      buildTestApp(driver, { env: { METRICS_TOKEN } }),
      buildTestApp(driver),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), local.close()]);
  });

  const scrape = async (app = t) => {
    const res = await app.app.inject({ url: '/metrics', headers: bearer });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('refuses /metrics without the token or with another, and serves it with the token alone', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const served = await t.app.inject({ url: '/metrics', headers: bearer });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(served.body).toContain('# TYPE parlo_sockets_connected gauge');
    expect(served.body).toContain('# TYPE parlo_match_wait_seconds histogram');
    expect(served.body).toContain('# TYPE parlo_errors_total counter');
    expect(served.body).toContain('# TYPE process_cpu_seconds_total counter');
    expect(served.body).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('without a token answers only local requests, never ones that came through a proxy', async () => {
    expect((await local.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    const remote = await local.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    const proxied = await local.app.inject({
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.json()).toEqual({ code: 404, message: 'Not found' });
  });

  it('keeps /metrics out of the OpenAPI document', async () => {
    const doc = await t.app.inject({ url: '/docs/json' });
    expect(Object.keys(doc.json<{ paths: object }>().paths)).not.toContain('/metrics');
    expect(Object.keys(doc.json<{ paths: object }>().paths)).toContain('/api/v1/languages');
  });

  it('times requests by route pattern, never the raw URL, and counts error responses by code', async () => {
    const before = await scrape();
    const usage = await t.app.inject({ url: '/api/v1/usages/some-feature', headers: apiHeaders });
    expect(usage.statusCode).toBe(401);
    const missing = await t.app.inject({ url: '/no/such/path/42', headers: apiHeaders });
    expect(missing.statusCode).toBe(404);
    const text = await scrape();
    const route = { method: 'GET', route: '/api/v1/usages/:featureCode', status_code: '401' };
    expect(valueOf(text, 'parlo_http_request_duration_seconds_count', route)).toBe(1);
    expect(text).not.toContain('some-feature');
    expect(text).not.toContain('/no/such/path');
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(valueOf(text, 'parlo_http_request_duration_seconds_count', unmatched)).toBe(1);
    const errors = (code: string, at: string) => valueOf(at, 'parlo_errors_total', { code }) ?? 0;
    expect(errors('404', text) - errors('404', before)).toBe(1);
    expect(errors('401', text) - errors('401', before)).toBe(1);
  });
});

describe.each(drivers)('live metrics (%s)', (driver) => {
  const ctx = useLiveApp(driver, { METRICS_TOKEN });

  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: bearer });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('shows sockets, the queue, a match, the call in progress and why it ended', async () => {
    const a = await ctx.account({ languageCode: 'en' });
    const b = await ctx.account({ languageCode: 'en' });
    const sa = await ctx.connect(a);
    const sb = await ctx.connect(b);
    expect(valueOf(await scrape(), 'parlo_sockets_connected')).toBe(2);

    expect((await ctx.find(a)).statusCode).toBe(200);
    expect(valueOf(await scrape(), 'parlo_queue_length', { language: 'en' })).toBe(1);
    ctx.clock.advance(3_000);
    expect((await ctx.find(b)).statusCode).toBe(200);
    await ctx.app.live.matching.runPairing('en');
    await sa.next('session_created');
    await sb.next('session_created');

    const matched = await scrape();
    expect(valueOf(matched, 'parlo_match_wait_seconds_count')).toBe(1);
    // The longer wait of the pair: a's 3 s.
    expect(valueOf(matched, 'parlo_match_wait_seconds_sum')).toBe(3);
    expect(valueOf(matched, 'parlo_match_wait_seconds_bucket', { le: '2' })).toBe(0);
    expect(valueOf(matched, 'parlo_match_wait_seconds_bucket', { le: '5' })).toBe(1);
    expect(valueOf(matched, 'parlo_sessions_active')).toBe(1);
    expect(valueOf(matched, 'parlo_queue_length', { language: 'en' })).toBeUndefined();

    sa.send({ type: 'end_session', payload: { reason: 'user_ended' } });
    await sb.next('session_ended');
    const ended = await scrape();
    expect(valueOf(ended, 'parlo_session_end_reasons_total', { reason: 'user_ended' })).toBe(1);
    expect(valueOf(ended, 'parlo_sessions_active')).toBe(0);

    await sb.close();
    await eventually(async () => valueOf(await scrape(), 'parlo_sockets_connected') === 1);
  });

  it('counts a refused request body as a 400 error', async () => {
    const user = await ctx.account();
    const before = valueOf(await scrape(), 'parlo_errors_total', { code: '400' }) ?? 0;
    const res = await ctx.call(user, 'POST', '/match/find', { languageCode: 42 });
    expect(res.statusCode).toBe(400);
    expect(valueOf(await scrape(), 'parlo_errors_total', { code: '400' })).toBe(before + 1);
  });
});
