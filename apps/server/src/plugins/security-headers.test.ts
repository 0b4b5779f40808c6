import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders } from './security-headers.ts';

describe('apiSecurityHeaders', () => {
  it("keeps HSTS and the no-sniff, no-framing and no-embedding headers, and nothing of the page's", () => {
    const api = apiSecurityHeaders({
      'content-security-policy': "default-src 'self'; script-src 'self'",
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(self)',
      'x-xss-protection': '0',
    });
    expect(api).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
  });
});
