import { z } from 'zod';
import { textLimits } from '../constants/limits';
import { messages } from '../messages';
import { isFilled } from '../rules/screen-order';
import { fieldRequired, optionalId, optionalText, requiredId } from '../rules/fields';
import { optionalDate, requiredDate } from '../rules/date';
import { audioFile, documentFile, keptOrNewFile } from '../rules/file';

/*
 * Document rows (part 1, section 5). The spec names the labels 'Tag Name' and
 * "Document's Date"; the messages follow the wizard's '{label} is required' pattern:
 * 'Tag Name is required' and "Document's Date is required". A row's file is not
 * required by validation, but a new row may be added only once every row has a tag,
 * a date and a file (canAddDocumentRow).
 */

const rowFiles = {
  filename: keptOrNewFile(documentFile(messages.fileTooLarge)),
  profile_audio_name: keptOrNewFile(audioFile(messages.fileTooLarge)),
  comment: optionalText(textLimits.long),
  status: z.preprocess(
    // Only text and numbers are read as a number: an object must not reach Number() (it can throw).
    (v) => (v === undefined || v === '' ? 1 : typeof v === 'string' || typeof v === 'number' ? Number(v) : v),
    z.union([z.literal(1), z.literal(0)]),
  ),
};

/** A document row of the wizard and the action forms: tag and date required. */
export const documentRowSchema = z.object({
  id: optionalId(),
  tagId: requiredId(messages.docTagRequired),
  doc_date: requiredDate(messages.docDateRequired),
  ...rowFiles,
});
export type DocumentRow = z.output<typeof documentRowSchema>;
export type DocumentRowInput = z.input<typeof documentRowSchema>;

/** A document row of the CWC add pages: only the tag is required. */
export const cwcDocumentRowSchema = z.object({
  id: optionalId(),
  tagId: requiredId(messages.docTagRequired),
  doc_date: optionalDate(),
  ...rowFiles,
});
export type CwcDocumentRow = z.output<typeof cwcDocumentRowSchema>;

/** Rows on forms whose documents are checked; none at all is fine. */
export const checkedDocumentsSchema = z.array(documentRowSchema).default([]);

/**
 * Rows on forms whose documents are not checked (Education, Medical, MHP, SPS): nothing is
 * required, but the comment is as long as any row's may be.
 */
export const uncheckedDocumentsSchema = z.array(z.looseObject({ comment: optionalText(textLimits.long) })).default([]);

/** CWC rows: at least one ('Documents is required.'), each with its tag. */
export const cwcDocumentsSchema = z
  .array(cwcDocumentRowSchema, { error: messages.documentsRequired })
  .min(1, messages.documentsRequired);

/** A row as a form holds it before validation. */
export type DocumentRowDraft = { tagId?: unknown; doc_date?: unknown; filename?: unknown };

/**
 * What a row needs before another may be added (spec part 1, section 5): a tag, a date and
 * a file; on the CWC add pages only the tag.
 */
export type DocumentRowRule = 'complete' | 'tagOnly';

/** Whether another row may be added under `rule`. */
export const canAddDocumentRow = (rows: readonly DocumentRowDraft[], rule: DocumentRowRule = 'complete'): boolean =>
  addDocumentRowProblem(rows, rule) === null;

/**
 * Why another row may not be added yet, or null when it may: the first incomplete row's
 * first missing part, with the spec's texts ('Tag Name is required', "Document's Date is
 * required", and 'Documents is required.' for a row without its file).
 */
export function addDocumentRowProblem(
  rows: readonly DocumentRowDraft[],
  rule: DocumentRowRule = 'complete',
): string | null {
  for (const row of rows) {
    if (!isFilled(row.tagId)) return messages.docTagRequired;
    if (rule === 'tagOnly') continue;
    if (!isFilled(row.doc_date)) return messages.docDateRequired;
    if (!isFilled(row.filename)) return messages.documentsRequired;
  }
  return null;
}

/** POST /child_document_update: documents of an existing child. */
export const childDocumentUpdateSchema = z.object({
  childregId: requiredId(fieldRequired('childregId')),
  documents: z.array(documentRowSchema, { error: messages.documentsRequired }).min(1, messages.documentsRequired),
});
export type ChildDocumentUpdate = z.output<typeof childDocumentUpdateSchema>;
