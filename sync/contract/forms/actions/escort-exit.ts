import { z } from 'zod';
import { enumOf, escortMethods, exitMethods, exitTypes } from '../../constants/options';
import { inScreenOrder } from '../../rules/screen-order';
import { fieldRequired, requiredChoice, requiredText } from '../../rules/fields';
import { checkedDocumentsSchema } from '../documents';
import { actionDateShape, childShape, commentShape } from './base';

const escortValues: readonly unknown[] = enumOf(escortMethods);
const exitValues: readonly unknown[] = enumOf(exitMethods);

/**
 * Escort/Exit (POST /save_excort_exit): date label 'Date Of Escort/Exit'; exit_type
 * defaults to escort; the method must be one of the chosen type's list (escort methods
 * or exit methods), else 'The Exit Method field is required.'; document rows checked.
 */
export const escortExitFormSchema = inScreenOrder(
  z.object({
    ...childShape,
    ...actionDateShape,
    exit_type: z.preprocess(
      (v) => (v === undefined ? 'escort' : v),
      requiredChoice(enumOf(exitTypes), fieldRequired('exit_type')),
    ),
    escort_exit_method: requiredChoice(
      [...enumOf(escortMethods), ...enumOf(exitMethods)],
      fieldRequired('escort_exit_method'),
    ),
    escort_exit_to: requiredText(fieldRequired('escort_exit_to')),
    escort_exit_address: requiredText(fieldRequired('escort_exit_address')),
    ...commentShape,
    documents: checkedDocumentsSchema,
  }),
  (v, addIssue) => {
    const allowed = v.exit_type === 'exit' ? exitValues : v.exit_type === 'escort' ? escortValues : undefined;
    if (allowed && typeof v.escort_exit_method === 'string' && !allowed.includes(v.escort_exit_method)) {
      addIssue('escort_exit_method', fieldRequired('escort_exit_method'));
    }
  },
);
export type EscortExitForm = z.output<typeof escortExitFormSchema>;

/** The methods the select offers for an exit type. */
export const escortExitMethodsFor = (exitType: 'escort' | 'exit') =>
  exitType === 'exit' ? exitMethods : escortMethods;
