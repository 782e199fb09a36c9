import { createHash } from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { idempotencyKeys } from '../db/schema';
import { messages } from '../../sync/contract'; // FIXPATH
import type { AppEnv } from './context';
import { fail, readBody } from './http';

/*
 * Idempotency-Key on every authenticated write — POST, and the DELETE/PUT/PATCH of the
 * contract's endpoint table (DESIGN.md, Replay): the sync engine
 * sends its mutationId as the key and retries after a lost response; the stored answer
 * is returned instead of executing twice. Keys are scoped per user.
 *
 * - A placeholder row (status 0) is inserted first; the unique (user_id, key) makes a
 *   concurrent duplicate lose the race and get 409 "in progress" to retry later.
 * - 2xx and 4xx answers are stored; 5xx answers are not (the placeholder is removed),
 *   so a retry after a server fault runs again.
 * - 409 is not stored either: a failed precondition (If-Match, sync/SPEC.md R11) changed
 *   nothing and says only "not against this base". The engine merges and sends the same
 *   entry again with the same key (R12), which must run, not replay the old 409. A 422
 *   stays stored: the review queue resubmits a fixed entry under a new key.
 * - Keys older than a day are removed, a user's at most once a minute per process: a
 *   purge on every write read all of the user's keys each time (a replay of 1,000 creates
 *   holds 1,000 of them).
 * - POST /api/login is not covered: its answer holds a fresh bearer token, which must
 *   never be stored in clear, and a repeated login is harmless (it issues another token).
 */
const KEEP_MS = 24 * 60 * 60 * 1000;
/** A placeholder older than this belongs to a process that died mid-request. */
const ABANDONED_MS = 60 * 1000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A user's expired keys are removed at most this often by one process (not on every write). */
const PURGE_EVERY_MS = 60 * 1000;
const lastPurge = new Map<number, number>();

/** Whether this user's expired keys are due to be removed now (and notes that they will be). */
function purgeDue(userId: number): boolean {
  const now = Date.now();
  if (now - (lastPurge.get(userId) ?? 0) < PURGE_EVERY_MS) return false;
  if (lastPurge.size > 10_000) lastPurge.clear();
  lastPurge.set(userId, now);
  return true;
}

export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key')?.trim();
  const method = c.req.method.toUpperCase();
  if (READS.has(method) || !key) return next();
  if (key.length > 255) return fail(c, 422, 'The Idempotency-Key header is too long.');
  const { db } = c.get('deps');
  const userId = c.get('user').id;
  const path = new URL(c.req.url).pathname;
  const scope = and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key));
  const bodyHash = await hashOfBody(await readBody(c));

  if (purgeDue(userId)) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.user_id, userId), lt(idempotencyKeys.created_at, new Date(Date.now() - KEEP_MS))));
  }

  const claim = () =>
    db
      .insert(idempotencyKeys)
      .values({ user_id: userId, key, method, path, status: 0, body: null, body_hash: bodyHash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
  let claimed = await claim();
  if (claimed.length === 0) {
    // The key is taken. A placeholder left by a process that died mid-request, or a key
    // expired but not yet purged, is removed and the key claimed again; only a repeat pays
    // for this, never a first delivery.
    const abandoned = await db
      .delete(idempotencyKeys)
      .where(
        and(
          scope,
          or(
            and(eq(idempotencyKeys.status, 0), lt(idempotencyKeys.created_at, new Date(Date.now() - ABANDONED_MS))),
            lt(idempotencyKeys.created_at, new Date(Date.now() - KEEP_MS)),
          ),
        ),
      )
      .returning({ id: idempotencyKeys.id });
    if (abandoned.length > 0) claimed = await claim();
  }

  if (claimed.length === 0) {
    const [stored] = await db.select().from(idempotencyKeys).where(scope).limit(1);
    const another =
      stored &&
      (stored.path !== path ||
        stored.method !== method ||
        (stored.body_hash !== null && stored.body_hash !== bodyHash));
    if (another) return fail(c, 422, messages.idempotencyKeyReused);
    // Still running (status 0), or released between the insert and this read: try again soon.
    if (!stored || stored.status === 0) {
      c.header('Retry-After', '1');
      return fail(c, 409, 'A request with this Idempotency-Key is still in progress.');
    }
    c.header('Idempotent-Replayed', 'true');
    return c.json(stored.body as object, stored.status as 200);
  }

  const rowId = claimed[0].id;
  await next();
  const response = c.res;
  let body: unknown;
  if (response.status < 500) {
    try {
      body = await response.clone().json();
    } catch {
      body = undefined;
    }
  }
  if (body === undefined || response.status === 409) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, rowId));
  } else {
    await db.update(idempotencyKeys).set({ status: response.status, body }).where(eq(idempotencyKeys.id, rowId));
  }
});

/** The parsed body in a canonical form: object keys sorted, files as name, type and bytes' hash. */
async function canonical(value: unknown): Promise<unknown> {
  if (value instanceof Blob) {
    const digest = createHash('sha256')
      .update(new Uint8Array(await value.arrayBuffer()))
      .digest('hex');
    return { file: value instanceof File ? value.name : '', type: value.type, sha256: digest };
  }
  if (Array.isArray(value)) return Promise.all(value.map(canonical));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Promise.all(entries.map(async ([k, v]) => [k, await canonical(v)]));
  }
  return value;
}

async function hashOfBody(body: Record<string, unknown>): Promise<string> {
  return createHash('sha256')
    .update(JSON.stringify(await canonical(body)))
    .digest('hex');
}
