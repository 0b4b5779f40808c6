import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, drivers, TEST_API_KEY, type TestApp } from './helpers/test-app.ts';

const production = { NODE_ENV: 'production' } as const;

describe.each(drivers)('the OpenAPI page in production (%s)', (driver) => {
  let closed: TestApp;
  let opened: TestApp;

  beforeAll(async () => {
    closed = await buildTestApp(driver, { env: production });
    opened = await buildTestApp(driver, { env: { ...production, API_DOCS: 'true' } });
  });
  afterAll(async () => {
    await closed.close();
    await opened.close();
  });

  it('serves neither /docs nor /docs/json, with or without the API key', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/index.html']) {
      for (const headers of [{}, { 'x-api-key': TEST_API_KEY }]) {
        const res = await closed.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('moderation');
      }
    }
  });

  it('serves them when the operator turns API_DOCS on', async () => {
    const doc = await opened.app.inject({ url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json<{ paths: object }>().paths)).toContain('/api/v1/languages');
  });
});
