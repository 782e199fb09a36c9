import { z } from 'zod';
import { textLimits } from '../constants/limits';
import { messages } from '../messages';
import { inScreenOrder } from '../rules/screen-order';
import { optionalId, optionalText, requiredFlag, requiredId, requiredText } from '../rules/fields';
import { optionalPhone } from '../rules/phone';

/**
 * Add/Edit Center (POST /center_add, /center_update). The first failing field is shown,
 * in the spec's order: Center (type), name, Prefix, Address, Status; the optional e-mail
 * and phone are checked last when given. Prefix is upper-cased.
 */
export const centerFormSchema = inScreenOrder(
  z.object({
    id: optionalId(),
    centertypeId: requiredId(messages.centerRequired),
    name: requiredText(messages.centerNameRequired),
    prefix: requiredText(messages.prefixRequired).transform((v) => v.toUpperCase()),
    address: requiredText(messages.addressRequired, textLimits.long),
    status: requiredFlag(messages.statusRequired),
    email: optionalText().refine((v) => v == null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), messages.emailInvalid),
    phone: optionalPhone(),
  }),
);
export type CenterForm = z.output<typeof centerFormSchema>;
export type CenterFormInput = z.input<typeof centerFormSchema>;
