import type { Context } from 'hono';
import { messages } from '../../sync/contract';
import { documentContentType, readDocumentFile } from '../actions/files';
import type { AppEnv } from '../core/context';
import { mayReadChildImage, mayReadDocumentFile } from './document-access';
import { readUpload, sniffImage, sniffAudio } from './uploads';
import { fail } from '../core/http';

const TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/**
 * Inline only for what a browser renders as media (an image or audio whose bytes prove
 * it); `?download=1` (the link download_images answers) and anything else as an attachment
 * under the stored name, so no upload is ever opened as a page.
 */
const disposition = (c: Context<AppEnv>, name: string, renderable: boolean) =>
  c.req.query('download') === '1' || !renderable ? `attachment; filename="${name}"` : 'inline';

/** GET /files/children/{name}: a child's photo. */
export async function childImage(c: Context<AppEnv>) {
  const name = c.req.param('name') ?? '';
  const { db, fileStore } = c.get('deps');
  const bytes = (await mayReadChildImage(db, c.get('user'), name))
    ? await readUpload(fileStore, 'children', name)
    : null;
  const kind = bytes ? sniffImage(bytes) : null;
  if (!bytes || !kind) return fail(c, 404, messages.notFound);
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': TYPES[kind],
    'Content-Disposition': disposition(c, name, true),
  });
}

/** GET /files/documents/{name}: a document's file or audio. */
export async function documentFile(c: Context<AppEnv>) {
  const name = c.req.param('name') ?? '';
  const { db, fileStore } = c.get('deps');
  const bytes = (await mayReadDocumentFile(db, c.get('user'), name)) ? await readDocumentFile(fileStore, name) : null;
  if (!bytes) return fail(c, 404, messages.notFound);
  const kind = sniffImage(bytes);
  const audio = !kind && documentContentType(name).startsWith('audio/') && sniffAudio(bytes);
  const type = kind ? TYPES[kind] : audio ? documentContentType(name) : 'application/octet-stream';
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': type,
    'Content-Disposition': disposition(c, name, kind !== null || audio),
  });
}
