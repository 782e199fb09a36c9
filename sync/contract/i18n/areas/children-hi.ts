import type { childrenTexts } from './children';

/** ./children.ts in Hindi; the type makes a missing text a compile error. */
export const childrenTextsHi: Readonly<Record<keyof typeof childrenTexts, string>> = {};

/** The contract's labels these screens show, in Hindi, keyed by their English (see ../labels-hi.ts). */
export const childrenLabelsHi: Readonly<Record<string, string>> = {};
