import type { Hono } from 'hono';
import { can, childRegistrationSchema, messages, quickAddSchema } from '../../sync/contract';
import { addChild } from './add';
import { bulkUpdate } from './bulk-update';
import { deleteChild, updateChild } from './change';
import { childDocumentRecords, downloadImages, updateChildDocuments } from './documents';
import { listChildren } from './list';
import { CHILD_IMAGE_PATH, childRecord } from './records';
import type { AppEnv } from '../core/context';
import { fail, idParam } from '../core/http';

/**
 * Child registration (spec part 1 sections 3, 5, 7; the server side): list, add,
 * quick add, update, delete, bulk update, view and edit, the child's documents and download_images. Every write is idempotent by key (app.ts)
 * and updates and deletes honour If-Match (sync/SPEC.md R11).
 */
export function registerChildRoutes(api: Hono<AppEnv>) {
  api.post('/child-registrations', listChildren);
  api.post('/child_add', (c) => addChild(c, childRegistrationSchema, false));
  // Quick add's center is optional (spec part 1, section 5): the user's own center by default.
  api.post('/child_add_2', (c) => addChild(c, quickAddSchema, false));
  api.post('/child_update', updateChild);
  api.delete('/child_delete/:id', deleteChild);
  api.post('/bulk_update', bulkUpdate);
  api.post('/child_document_update', updateChildDocuments);
  api.post('/download_images', downloadImages);

  // view and edit answer the same record; edit needs the edit permission.
  for (const [path, action] of [
    ['/child_view/:id', 'view'],
    ['/child_edit/:id', 'edit'],
  ] as const) {
    api.get(path, async (c) => {
      const user = c.get('user');
      if (!can(user, action, 'child_registration')) return fail(c, 403, messages.forbidden);
      const id = idParam(c.req.param('id'));
      const record = id === null ? null : await childRecord(c.get('deps').db, id, user);
      if (!record) return fail(c, 404, messages.notFound);
      return c.json({
        success: true,
        img_profile: record.image ? `${CHILD_IMAGE_PATH}${String(record.image)}` : null,
        image_path: CHILD_IMAGE_PATH,
        img_documents: await childDocumentRecords(c.get('deps').db, record.id),
        data: record,
      });
    });
  }
}
