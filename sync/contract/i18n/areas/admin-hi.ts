import type { adminTexts } from './admin';

/** ./admin.ts in Hindi; the type makes a missing text a compile error. */
export const adminTextsHi: Readonly<Record<keyof typeof adminTexts, string>> = {};

/** The contract's labels these screens show, in Hindi, keyed by their English (see ../labels-hi.ts). */
export const adminLabelsHi: Readonly<Record<string, string>> = {};
