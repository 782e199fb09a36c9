import { z } from 'zod';
import { messages } from '../../messages';
import { inScreenOrder } from '../../rules/screen-order';
import { documentFile, keptOrNewFile } from '../../rules/file';
import { restoreShape } from './restore';

/**
 * Restoration Follow-Up (POST /restoration_follow_up): the Restore fields plus a file;
 * date label 'Restoration follow up date'; document rows checked.
 */
export const restorationFollowUpFormSchema = inScreenOrder(
  z.object({ ...restoreShape, filename: keptOrNewFile(documentFile(messages.fileTooLarge)) }),
);
export type RestorationFollowUpForm = z.output<typeof restorationFollowUpFormSchema>;
