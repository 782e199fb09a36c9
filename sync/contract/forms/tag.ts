import { z } from 'zod';
import { messages } from '../messages';
import { optionalId, requiredText } from '../rules/fields';

/** Add/Update Tag (POST /tag_add, /tag_update). */
export const tagFormSchema = z.object({ id: optionalId(), name: requiredText(messages.tagRequired) });
export type TagForm = z.output<typeof tagFormSchema>;
