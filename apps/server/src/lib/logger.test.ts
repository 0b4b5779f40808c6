import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('hides OAuth codes, states and tokens in query strings', () => {
    expect(redactUrl('/auth/callback/google?code=4%2F0Abc&state=xyz&lang=ko')).toBe(
      '/auth/callback/google?code=redacted&state=redacted&lang=ko',
    );
    expect(redactUrl('/x?Access_Token=1&refresh_token=2')).toBe(
      '/x?Access_Token=redacted&refresh_token=redacted',
    );
  });

  it('leaves other URLs untouched', () => {
    expect(redactUrl('/api/v1/sessions?page=2&pageSize=10')).toBe(
      '/api/v1/sessions?page=2&pageSize=10',
    );
    expect(redactUrl('/health')).toBe('/health');
  });
});

describe('createLogger', () => {
  it('redacts credentials wherever a header object is logged', () => {
    let written = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString('utf8');
        done();
      },
    });
    const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, stream);
    logger.info({
      headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'x-api-key': 'k', accept: '*/*' },
    });
    const line = JSON.parse(written) as { headers: Record<string, string> };
    expect(line.headers).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
      accept: '*/*',
    });
  });
});
