/**
 * The app's two languages: English, the spec's texts verbatim (messages.ts, texts.ts and the
 * contract's label lists), and Hindi (messages-hi.ts, texts-hi.ts, labels-hi.ts). The client's
 * catalogues (src/lib/i18n.ts) and the server's answers (server/core/language.ts) read them here.
 */
export * from './languages';
export * from './translate';
export { texts, type TextKey } from './texts';
// The Hindi tables are not exported here: the app loads them as a chunk of its own
// (src/lib/i18n.ts), and the server and tests import ./hindi.
