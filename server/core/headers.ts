import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { trustedHops } from '../auth/client-ip';
import type { AppEnv } from './context';

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

/**
 * Uploaded files are served under a sandbox: even if one were opened as a page, it could
 * run nothing and reach nothing; media may still show.
 */
export const FILE_CONTENT_SECURITY_POLICY =
  "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

/** HSTS for a year, sent only over HTTPS (directly, or as a trusted proxy reports it). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const trusted = trustedHops(c.get('deps')?.trustProxy) > 0;
  return trusted && c.req.header('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase() === 'https';
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set(
    'Content-Security-Policy',
    c.req.path.startsWith('/api/files/') ? FILE_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
  );
  if (isHttps(c)) c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  c.res.headers.set('X-Frame-Options', 'DENY');
});

/** API answers hold child data: never stored by the browser, a proxy or the service worker. */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
});

/**
 * A body the answer did not need (an early 404, 401 or 403) is still read to its end, so a
 * keep-alive connection stays usable for the client's next request; bodies over the size
 * limit are not read (413 closes the connection instead).
 */
export const drainUnreadBody = createMiddleware(async (c, next) => {
  await next();
  const raw = c.req.raw;
  if (raw.body === null || raw.bodyUsed || c.res.status === 413) return;
  try {
    await raw.arrayBuffer();
  } catch {
    // The client went away or the body broke off: nothing left to drain.
  }
});
