import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { isUnder, pathOf } from '../lib/paths.ts';

// Profile pictures come from the sign-in providers (spec §3 imageUrl).
const PROVIDER_IMAGE_HOSTS = [
  'https://*.googleusercontent.com',
  'https://*.kakaocdn.net',
  'https://*.line-scdn.net',
];

/** The browser only needs camera and microphone, and only on Parlo's own pages. */
const PERMISSIONS_POLICY =
  'camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(), usb=()';

export function contentSecurityPolicy(publicUrl: string) {
  const url = new URL(publicUrl);
  const secure = url.protocol === 'https:';
  // 'self' covers same-origin WebSockets only in newer browsers, so /ws is named explicitly.
  const socketOrigin = `${secure ? 'wss' : 'ws'}://${url.host}`;
  return {
    defaultSrc: ["'self'"],
    // 'wasm-unsafe-eval' lets the frame guard's worker compile TensorFlow.js's WebAssembly
    // backend (issue 18); it allows no JavaScript eval.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...PROVIDER_IMAGE_HOSTS],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", socketOrigin],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // On plain-http development hosts upgrading would break every request, so only for https.
    ...(secure ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The headers helmet sets for these options, read once at start by running its middleware
 * against a recorder: none of them depends on the request.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error instanceof Error) throw error;
      finished = error === undefined;
    },
  );
  // Helmet's middleware is synchronous; one that was not would leave headers unset.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** No sniffing, no embedding from other origins, no referrer, HSTS over https. */
const ASSET_HEADERS = [
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

/** The named headers of `headers` that are set. */
function pickHeaders(headers: Record<string, string>, names: readonly string[]) {
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = headers[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/**
 * What an API answer needs of the document headers: JSON is never a page, so it gets the set
 * OWASP's REST Security Cheat Sheet gives (no sniffing, no framing, no embedding from other
 * origins, no referrer, HSTS over https) and a CSP that allows nothing, instead of the page's
 * policy, cross-origin isolation and legacy browser switches. Half the headers and a fifth of the
 * bytes on every API request (issue 20).
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>) {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...pickHeaders(documentHeaders, [...ASSET_HEADERS, 'x-frame-options']),
  };
}

/**
 * What a built script, stylesheet, font or picture needs of them: no sniffing (a script served
 * under another type stays unrun), no embedding from other origins, no referrer, HSTS over https.
 * The page's CSP, framing and cross-origin isolation headers govern documents, not the files a
 * document loads, and on the dashboard's 40-odd small files they were 1 KB a file: more bytes
 * than most of the files themselves, on a phone's slow first load (issue 20).
 */
export function assetSecurityHeaders(documentHeaders: Record<string, string>) {
  return pickHeaders(documentHeaders, ASSET_HEADERS);
}

// Vite writes content-hashed files to /assets/.
const ASSETS_PREFIX = '/assets/';
// A worker's own CSP is the one on its script, and an SVG opened on its own is a document: both
// keep the page's headers.
const DOCUMENT_LIKE_ASSET = /(\.worker-[^/]*\.js|\.svg)$/;

/** Which set of headers an answer gets: JSON, a file a page loads, or a document. */
export function headerKind(path: string): 'json' | 'asset' | 'document' {
  // The API key guard's rule for what is the API; /health and /metrics answer JSON and text.
  if (isUnder(path, '/api') || path === '/health' || path === '/metrics') return 'json';
  if (path.startsWith(ASSETS_PREFIX) && !DOCUMENT_LIKE_ASSET.test(path)) return 'asset';
  return 'document';
}

/**
 * Helmet with a CSP listing only what the SPA uses. Swagger UI at /docs loads its scripts and
 * styles from its own files (no inline script), so the same policy serves it.
 *
 * JSON answers get `apiSecurityHeaders`, the built files pages load `assetSecurityHeaders`.
 *
 * The headers are worked out once, at start, and given to every reply in one call, among
 * Fastify's own: set on the raw response as helmet does, they sent every other header of the
 * reply through Node's slower path too (issue 20: a few percent of a request's CPU).
 */
const securityHeaders: FastifyPluginCallback<{ publicUrl: string }> = (
  app,
  { publicUrl },
  done,
) => {
  const secure = publicUrl.startsWith('https:');
  const document = {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  const sets = {
    json: apiSecurityHeaders(document),
    asset: assetSecurityHeaders(document),
    document,
  };
  app.addHook('onRequest', (request, reply, next) => {
    reply.headers(sets[headerKind(pathOf(request.url))]);
    next();
  });
  done();
};

export default fp(securityHeaders, { name: 'parlo-security-headers' });
