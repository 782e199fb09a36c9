import { createMiddleware } from 'hono/factory';

/*
 * Headers of DESIGN.md "Security on the device and the wire". The CSP allows only
 * this origin's scripts; inline styles are allowed because Mantine injects them.
 * Images may be data:/blob: (photo previews before upload). No framing, no plugins,
 * no <base> rewriting, and the referrer never leaks child URLs to other sites.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  c.res.headers.set('X-Frame-Options', 'DENY');
});

/** API answers hold child data: never stored by the browser, a proxy or the service worker. */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
});
