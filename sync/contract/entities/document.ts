import { z } from 'zod';
import { flagSchema, idSchema, nameRefSchema, nullableText, storedDateText, timestampsShape } from './common';

/** A document of a child (documents_lists) or of a CWC record. */
export const childDocumentSchema = z.object({
  id: idSchema,
  childregId: idSchema.nullish(),
  tagId: idSchema.nullish(),
  tag_data: nameRefSchema,
  doc_date: storedDateText,
  filename: nullableText,
  profile_audio_name: nullableText,
  comment: nullableText,
  status: flagSchema.default(1),
  user_data: nameRefSchema,
  ...timestampsShape,
});
export type ChildDocument = z.infer<typeof childDocumentSchema>;

/** GET /child_view/{id} and /child_edit/{id} answer, beside `data` (the child). */
export const childViewExtrasSchema = z.object({
  img_profile: nullableText,
  image_path: nullableText,
  img_documents: z.array(childDocumentSchema).nullish(),
});
export type ChildViewExtras = z.infer<typeof childViewExtrasSchema>;
