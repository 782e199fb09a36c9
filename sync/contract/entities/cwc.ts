import { z } from 'zod';
import { childDocumentSchema } from './document';
import { idSchema, nameRefSchema, nullableText, storedDateText, timestampsShape } from './common';

const cwcBase = {
  id: idSchema,
  childregId: idSchema.nullish(),
  centerId: idSchema,
  transfer_date: storedDateText,
  comment: nullableText,
  documents: z.array(childDocumentSchema).nullish(),
  center_data: nameRefSchema,
  child_data: nameRefSchema,
  user_data: nameRefSchema,
  ...timestampsShape,
};

/** A Produce to CWC record (/produce list). */
export const cwcProduceSchema = z.object(cwcBase);
export type CwcProduce = z.infer<typeof cwcProduceSchema>;

/** A Refer from CWC record (/refer list): also the CWC case number. */
export const cwcReferSchema = z.object({ ...cwcBase, cwccaseno: nullableText });
export type CwcRefer = z.infer<typeof cwcReferSchema>;
