import type { Context } from 'hono';
import { messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { fail } from '../core/http';
import { readUpload, sniffImage } from '../files/uploads';
import { mayReadBeneficiaryFile } from './document-records';

const TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/**
 * GET /files/beneficiaries/{name}: a beneficiary's document file, only to a user who
 * reaches the beneficiary's center; anything else is 404, so a name reveals nothing. The
 * bytes are sniffed again for the Content-Type; inline (an image), or as an attachment
 * under the stored name with `?download=1` (the link download_images answers).
 */
export async function beneficiaryDocumentFile(c: Context<AppEnv>) {
  const name = c.req.param('name') ?? '';
  const { db, fileStore } = c.get('deps');
  const bytes = (await mayReadBeneficiaryFile(db, c.get('user'), name))
    ? await readUpload(fileStore, 'beneficiaries', name)
    : null;
  const kind = bytes ? sniffImage(bytes) : null;
  if (!bytes || !kind) return fail(c, 404, messages.notFound);
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': TYPES[kind],
    'Content-Disposition': c.req.query('download') === '1' ? `attachment; filename="${name}"` : 'inline',
  });
}
