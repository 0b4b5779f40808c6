import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
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
    scriptSrc: ["'self'"],
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
 */
const securityHeaders: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const secure = publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (_request, reply, next) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    next();
  });
};

export default fp(securityHeaders, { name: 'parlo-security-headers' });
