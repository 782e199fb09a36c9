import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  can,
  childDocumentUpdateSchema,
  messages,
  textLimits,
  textTooLong,
  theFieldRequired,
  type Principal,
} from '../../sync/contract';
import { prepareFiles, removeFiles, storeFiles, type PreparedFiles } from '../actions/files';
import { DOCUMENT_FILE_PATH, documentRecords, liveDocument } from '../actions/lists';
import { insertDocuments, logActivity } from '../actions/record';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { childDocuments } from '../db/schema';
import { mayReadChildImage, mayReadDocumentFile } from '../files/document-access';
import { lockChildOf } from '../history/locks';
import { fail, ok, readBody, text } from '../core/http';
import { unflatten } from '../core/multipart';
import { checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';
import { CHILD_IMAGE_PATH } from './records';
import { BENEFICIARY_FILE_PATH, mayReadBeneficiaryFile } from '../beneficiaries/document-records';

/*
 * A child's own documents (spec part 1 sections 3, 5 and 7): the rows sent with the
 * registration (child_add, child_update as documents[i][field]), child_document_update
 * for an existing child, the img_documents of child_view, and download_images (which also
 * hands out a non-registered beneficiary's document files). Files are
 * checked by their bytes and stored before the transaction (actions/files.ts), and
 * removed again when it does not commit.
 */

export const documentsAdded = 'Documents added successfully';

/** Text-length issues of the rows' free texts, at their row paths. */
export function documentRowIssues(rows: unknown): Issue[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row, i) =>
    typeof row === 'object' && row !== null
      ? tooLongIssues({ comment: (row as Record<string, unknown>).comment }).map((issue) => ({
          ...issue,
          path: `documents.${i}.${issue.path}`,
        }))
      : [],
  );
}

/** Checks the files of `body.documents` (bytes, type, size); their issues join the schema's. */
export const prepareDocumentFiles = (body: Record<string, unknown>): Promise<PreparedFiles> =>
  prepareFiles(Array.isArray(body.documents) ? { documents: body.documents } : {});

/** The child's live documents, newest first, as documents_lists answers them. */
export const childDocumentRecords = (db: Db, childId: number) =>
  documentRecords(db, and(eq(childDocuments.childregId, childId), liveDocument), [
    desc(childDocuments.created_at),
    desc(childDocuments.id),
  ]);

const ROW_FIELDS = ['id', 'tagId', 'doc_date', 'filename', 'profile_audio_name', 'comment', 'status'] as const;

/**
 * POST /child_document_update (multipart): new document rows of an existing child, as
 * documents[i][tagId|doc_date|filename|profile_audio_name|comment]. One row may also come
 * flat (tagId, doc_date, filename… beside childregId): the app queues each document it
 * adds as one entry, so a document added to a child created offline waits for the child
 * alone. Answers the stored documents as `data` (a list, in the order sent).
 */
export async function updateChildDocuments(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'edit', 'child_registration')) return fail(c, 403, messages.forbidden);
  const body = unflatten(await readBody(c));
  if (!('documents' in body) && ROW_FIELDS.some((k) => k in body)) {
    body.documents = [Object.fromEntries(ROW_FIELDS.filter((k) => k in body).map((k) => [k, body[k]]))];
  }
  const files = await prepareDocumentFiles(body);
  const checked = checkSchema(childDocumentUpdateSchema, body, [...files.issues, ...documentRowIssues(body.documents)]);
  if (!checked.ok) return invalid(c, checked.issues);
  const data = checked.data;

  const { db, fileStore } = c.get('deps');
  const names = await storeFiles(fileStore, files);
  try {
    const ids = await db.transaction(async (tx) => {
      const child = await lockChildOf(tx, data.childregId, user);
      if (!child) return null;
      const inserted = await insertDocuments(
        tx,
        data.documents as Record<string, unknown>[],
        { childregId: child.id },
        user,
        names,
      );
      if (inserted.length > 0) await logActivity(tx, child.id, child.centerdetailId, 'Documents added', null, user);
      return inserted;
    });
    if (ids === null) {
      await removeFiles(fileStore, names);
      return fail(c, 404, messages.notFound);
    }
    const rows =
      ids.length === 0 ? [] : await documentRecords(db, inArray(childDocuments.id, ids), [asc(childDocuments.id)]);
    return ok(c, rows, { message: documentsAdded });
  } catch (error) {
    await removeFiles(fileStore, names);
    throw error;
  }
}

const FILE_LINK = /^(?:.*\/)?files\/(children|documents|beneficiaries)\/([^/?#]+)(?:[?#].*)?$/;
type Folder = 'children' | 'documents' | 'beneficiaries';

/** The folder and stored name a download_images url names: a file link, or a bare document file name. */
function fileOf(url: string): { folder: Folder; name: string } | null {
  const match = FILE_LINK.exec(url.trim());
  if (match) return { folder: match[1] as Folder, name: decodeURIComponent(match[2]) };
  return /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/.test(url.trim()) ? { folder: 'documents', name: url.trim() } : null;
}

async function mayRead(db: Db, user: Principal, file: { folder: Folder; name: string }) {
  if (file.folder === 'beneficiaries') return mayReadBeneficiaryFile(db, user, file.name);
  return file.folder === 'children' ? mayReadChildImage(db, user, file.name) : mayReadDocumentFile(db, user, file.name);
}

const FILE_PATHS: Record<Folder, string> = {
  children: CHILD_IMAGE_PATH,
  documents: DOCUMENT_FILE_PATH,
  beneficiaries: BENEFICIARY_FILE_PATH,
};

/**
 * POST /download_images (form with `url`): answers the link the file is downloaded from,
 * as an attachment named with the stored name, whose extension is the original one. Only
 * for a file the user may read; any other url is 404, as the file routes answer.
 */
export async function downloadImages(c: Context<AppEnv>) {
  const body = await readBody(c);
  const url = text(body.url).trim();
  if (!url) return invalid(c, [{ path: 'url', message: theFieldRequired('url') }]);
  if (url.length > textLimits.short)
    return invalid(c, [{ path: 'url', message: textTooLong('url', textLimits.short) }]);
  const file = fileOf(url);
  const { db } = c.get('deps');
  if (!file || !(await mayRead(db, c.get('user'), file))) return fail(c, 404, messages.notFound);
  return ok(c, `${FILE_PATHS[file.folder]}${encodeURIComponent(file.name)}?download=1`);
}
