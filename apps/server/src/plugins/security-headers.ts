import helmet from 'helmet';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

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
 * Helmet with a CSP listing only what the SPA uses. Swagger UI at /docs loads its scripts and
 * styles from its own files (no inline script), so the same policy serves it.
 *
 * Helmet's middleware is made once here and run on each request. (@fastify/helmet made it again
 * on every request, parsing the policy each time: a sixth of all the memory a find allocated.)
 */
const securityHeaders: FastifyPluginCallback<{ publicUrl: string }> = (
  app,
  { publicUrl },
  done,
) => {
  const secure = publicUrl.startsWith('https:');
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Helmet only sets headers on the response; a bad option would have thrown above, at start.
  app.addHook('onRequest', (request, reply, next) => {
    applyHelmet(request.raw, reply.raw, () => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      next();
    });
  });
  done();
};

export default fp(securityHeaders, { name: 'parlo-security-headers' });
