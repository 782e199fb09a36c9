import { z } from 'zod';
import { messages } from '../messages';
import { AADHAR_DIGITS, PHONE_DIGITS } from '../constants/limits';

const toText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => {
  const t = toText(v);
  return t === '' || t === null ? undefined : t;
};

const phoneRules = (s: z.ZodString) =>
  s.regex(/^\d*$/, messages.phoneInvalid).refine((v) => v.length === PHONE_DIGITS, messages.phoneLength);

/** An optional phone number: when present, digits only and exactly 10 digits. */
export const optionalPhone = () => z.preprocess(blankToUndefined, phoneRules(z.string()).optional());

/** A required phone number; `requiredMessage` when missing. */
export const requiredPhone = (requiredMessage: string) =>
  z.preprocess(blankToUndefined, phoneRules(z.string({ error: requiredMessage })));

const aadharRule = (s: z.ZodString) => s.regex(new RegExp(`^\\d{${AADHAR_DIGITS}}$`), messages.aadharInvalid);

/** An optional Aadhar number: when present, 12 digits ('Please Enter Valid Aadhar No.'). */
export const optionalAadhar = () => z.preprocess(blankToUndefined, aadharRule(z.string()).optional());

/** A required Aadhar number ('Aadhar No. is required'). */
export const requiredAadhar = () =>
  z.preprocess(blankToUndefined, aadharRule(z.string({ error: messages.aadharRequired })));
