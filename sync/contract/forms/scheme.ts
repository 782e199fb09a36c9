import { z } from 'zod';
import { messages } from '../messages';
import { optionalId, requiredText } from '../rules/fields';

/** Add/Update scheme (addSps / updateSps): name required; status 1 Active, 0 Inactive, default 1. */
export const schemeFormSchema = z.object({
  id: optionalId(),
  name: requiredText(messages.schemeRequired),
  status: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : typeof v === 'string' || typeof v === 'number' ? Number(v) : v),
    z.union([z.literal(1), z.literal(0)], { error: messages.statusRequired }),
  ),
});
export type SchemeForm = z.output<typeof schemeFormSchema>;
