import { z } from 'zod';
import { textLimits } from '../constants/limits';
import { inScreenOrder } from '../rules/screen-order';
import { fieldRequired, optionalId, requiredId, requiredText } from '../rules/fields';
import { requiredDate } from '../rules/date';
import { cwcDocumentsSchema } from './documents';

/*
 * Add CWC Produce / Add CWC Refer (POST /produce_to_cwc[/{id}], /refer_to_cwc[/{id}],
 * multipart with documents[i][field]). The Add Documents rows need only a tag. Our
 * choice: at least one row is required ('Documents is required.', the spec's message
 * with no stated use), since a CWC production is always backed by a paper.
 */

const shape = {
  id: optionalId(),
  childregId: optionalId(),
  centerId: requiredId(fieldRequired('centerId')),
  transfer_date: requiredDate(fieldRequired('transfer_date')),
  comment: requiredText(fieldRequired('comment'), textLimits.long),
  documents: cwcDocumentsSchema,
};

/** Produce to CWC form. */
export const cwcProduceFormSchema = inScreenOrder(z.object(shape));
export type CwcProduceForm = z.output<typeof cwcProduceFormSchema>;

/** Refer from CWC form: also the CWC case number ('The CWC Case No. field is required.'). */
export const cwcReferFormSchema = inScreenOrder(
  z.object({
    id: shape.id,
    childregId: shape.childregId,
    centerId: shape.centerId,
    cwccaseno: requiredText(fieldRequired('cwccaseno')),
    transfer_date: shape.transfer_date,
    comment: shape.comment,
    documents: shape.documents,
  }),
);
export type CwcReferForm = z.output<typeof cwcReferFormSchema>;
