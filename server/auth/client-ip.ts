import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../core/context';

/** How many proxies in front of the server append to X-Forwarded-For (TRUST_PROXY). */
export function trustedHops(trustProxy: boolean | number | undefined): number {
  if (trustProxy === true) return 1;
  return typeof trustProxy === 'number' && Number.isInteger(trustProxy) && trustProxy > 0 ? trustProxy : 0;
}

/** The address of the socket's other end. */
function peerAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}

/**
 * The client's address for rate limiting: the rightmost address no trusted proxy wrote.
 * Each proxy appends the address it received the request from to X-Forwarded-For, so
 * with N trusted proxies the client is N hops from the right of [...X-Forwarded-For,
 * socket peer]; anything further left was written by the client and is never believed.
 * Without TRUST_PROXY the header is ignored and the socket peer is the client.
 */
export function clientIp(c: Context<AppEnv>): string {
  const peer = peerAddress(c);
  const hops = trustedHops(c.get('deps').trustProxy);
  if (hops === 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - hops)];
}
