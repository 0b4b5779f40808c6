import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, assetSecurityHeaders, headerKind } from './security-headers.ts';

const DOCUMENT_HEADERS = {
  'content-security-policy': "default-src 'self'; script-src 'self'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(self)',
  'x-xss-protection': '0',
};

describe('assetSecurityHeaders', () => {
  it('keeps HSTS, no-sniff, no-embedding and no-referrer, and none of the document headers', () => {
    expect(assetSecurityHeaders(DOCUMENT_HEADERS)).toEqual({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
  });
});

describe('headerKind', () => {
  it('gives JSON the API set, built files the asset set, and documents everything', () => {
    expect(headerKind('/api')).toBe('json');
    expect(headerKind('/api/v1/users/me')).toBe('json');
    expect(headerKind('/health')).toBe('json');
    expect(headerKind('/metrics')).toBe('json');
    expect(headerKind('/assets/framework-CkXv_yw9.js')).toBe('asset');
    expect(headerKind('/assets/index-C8JZzgyM.css')).toBe('asset');
    expect(headerKind('/assets/inter-latin-wght-normal-Dx4kXJAl.woff2')).toBe('asset');
    // A worker is governed by the CSP on its own script; an SVG opened alone is a document.
    expect(headerKind('/assets/frame-guard.worker-Bk3_MaMz.js')).toBe('document');
    expect(headerKind('/assets/gb-Bx2n1nNE.svg')).toBe('document');
    expect(headerKind('/sw.js')).toBe('document');
    expect(headerKind('/dashboard')).toBe('document');
    expect(headerKind('/apis')).toBe('document');
    expect(headerKind('/assets')).toBe('document');
  });
});

describe('apiSecurityHeaders', () => {
  it("keeps HSTS and the no-sniff, no-framing and no-embedding headers, and nothing of the page's", () => {
    const api = apiSecurityHeaders(DOCUMENT_HEADERS);
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
