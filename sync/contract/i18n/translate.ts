import { messages, type MessageKey } from '../messages';
import type { HindiTables } from './hindi';
import type { Language } from './languages';

/*
 * The Hindi tables are given to this module once loaded (`provideHindi`): the server at
 * start, the app when Hindi is first chosen (a chunk of its own). Until then a text asked
 * for in Hindi is the English, as a text the tables do not know is.
 */
let hindiTables: Pick<HindiTables, 'labels' | 'messages'> | null = null;

/** Makes the Hindi tables known to translateLabel and translateMessage. */
export function provideHindi(tables: Pick<HindiTables, 'labels' | 'messages'>): void {
  hindiTables = tables;
}

/** A catalogue's text with its {{placeholders}} filled, outside i18next (a table of either language). */
export const fillText = <K extends string>(
  table: Readonly<Record<K, string>>,
  key: K,
  values: Readonly<Record<string, string | number>> = {},
): string => table[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** A contract label (an option's, a status's, a tile's, a screen's title) in `language`; English as written. */
export const translateLabel = (label: string, language: Language): string =>
  language === 'hi' ? (hindiTables?.labels[label] ?? label) : label;

const keyOfMessage = new Map<string, MessageKey>(
  (Object.entries(messages) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** The messages built from a label (messages.ts), in Hindi, with the label translated. */
const patternsHi: ReadonlyArray<[RegExp, (label: string) => string]> = [
  [/^The (.+) field is required\.$/, (label) => `${label} ज़रूरी है।`],
  [
    /^The (.+) field contains invisible characters that cannot be saved\.$/,
    (label) => `${label} में छिपे हुए अक्षर हैं, इसे सेव नहीं किया जा सकता।`,
  ],
  [/^(.+) is required$/, (label) => `${label} ज़रूरी है`],
  [/^(.+) deleted successfully$/, (title) => `${title} हटा दिया गया`],
];

/**
 * A message of the spec (messages.ts, or one of its label-built messages) in `language`.
 * Stored values and the wire keep the English text; this is applied where a person reads
 * it: the app's toasts and field errors, and the server's answer to a request asking for
 * Hindi. `extra` holds texts of the caller's own (the server's messages the contract does
 * not carry). A text not known is returned as it is.
 */
export function translateMessage(text: string, language: Language, extra?: ReadonlyMap<string, string>): string {
  if (language === 'en' || !hindiTables) return text;
  const key = keyOfMessage.get(text);
  if (key) return hindiTables.messages[key];
  const own = extra?.get(text);
  if (own) return own;
  for (const [pattern, build] of patternsHi) {
    const match = pattern.exec(text);
    if (match?.[1]) return build(translateLabel(match[1], language));
  }
  return text;
}
