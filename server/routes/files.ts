import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { can, messages } from '../../sync/contract';
import { childScope, liveChild } from '../children/records';
import type { AppEnv } from '../context';
import { children } from '../db/schema';
import { readUpload, sniffImage } from '../files/uploads';
import { fail } from '../http';

const TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/**
 * GET /api/files/children/:name: a child's photo, only to a signed-in user who may view
 * that child (its center, child_registration view). Anything else is 404, so file names
 * reveal nothing. Bytes are re-sniffed for the Content-Type; nosniff and no-store are
 * set by the API's middleware.
 */
export function registerFileRoutes(api: Hono<AppEnv>) {
  api.get('/files/children/:name', async (c) => {
    const user = c.get('user');
    const name = c.req.param('name');
    if (!can(user, 'view', 'child_registration')) return fail(c, 404, messages.notFound);
    const { db, uploadsDir } = c.get('deps');
    const [owner] = await db
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.image, name), liveChild, childScope(user)))
      .limit(1);
    const bytes = owner ? await readUpload(uploadsDir, 'children', name) : null;
    const kind = bytes ? sniffImage(bytes) : null;
    if (!bytes || !kind) return fail(c, 404, messages.notFound);
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': TYPES[kind], 'Content-Disposition': 'inline' });
  });
}
