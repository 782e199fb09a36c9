import type { servicesTexts } from './services';

/** ./services.ts in Hindi; the type makes a missing text a compile error. */
export const servicesTextsHi: Readonly<Record<keyof typeof servicesTexts, string>> = {};

/** The contract's labels these screens show, in Hindi, keyed by their English (see ../labels-hi.ts). */
export const servicesLabelsHi: Readonly<Record<string, string>> = {};
