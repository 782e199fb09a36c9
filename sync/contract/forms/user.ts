import { z } from 'zod';
import { textLimits } from '../constants/limits';
import { messages, textTooLong } from '../messages';
import { inScreenOrder } from '../rules/screen-order';
import { fieldRequired, optionalText, requiredFlag, requiredId, requiredText } from '../rules/fields';
import { optionalDate } from '../rules/date';
import { requiredPhone } from '../rules/phone';
import { imageFile, keptOrNewFile } from '../rules/file';

/*
 * Add/Update User (POST /register, /user_update; multipart). Required in this order:
 * name, email, password (create only), status, phone, comment, center, role. Only
 * 'Please enter name' is verbatim in the spec; e-mail and password reuse the login's
 * messages, status/comment/Center/Role the action forms' 'The X field is required.'
 * with the labels the spec lists, and the phone 'Please enter phone number' (ours).
 * The center travels as `centertypeId`, as the spec names the form field.
 */

const email = requiredText(messages.emailRequired).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, messages.emailInvalid);

const shapeWith = <P extends z.ZodType>(password: P) => ({
  name: requiredText(messages.userNameRequired),
  email,
  password,
  status: requiredFlag(fieldRequired('status')),
  mobile_number: requiredPhone(messages.userPhoneRequired),
  comment: requiredText(fieldRequired('comment'), textLimits.long),
  centertypeId: requiredId(fieldRequired('centerId')),
  role_id: requiredId(fieldRequired('role_id')),
  join_date: optionalDate(),
  image: keptOrNewFile(imageFile()),
});

/** Add User: every field validated, the password required. */
export const userCreateFormSchema = inScreenOrder(
  z.object(
    shapeWith(
      z
        .string({ error: messages.passwordRequired })
        .min(1, messages.passwordRequired)
        .max(textLimits.short, textTooLong('password', textLimits.short)),
    ),
  ),
);
export type UserCreateForm = z.output<typeof userCreateFormSchema>;

/** Update User: the same with id, and the password optional (blank keeps the old one). */
export const userUpdateFormSchema = inScreenOrder(
  z.object({ id: requiredId('The id field is required.'), ...shapeWith(optionalText()) }),
);
export type UserUpdateForm = z.output<typeof userUpdateFormSchema>;

/** The schema for a user form in add mode (no id) or update mode (id). */
export const userFormSchemaFor = (mode: 'create' | 'update') =>
  mode === 'create' ? userCreateFormSchema : userUpdateFormSchema;
