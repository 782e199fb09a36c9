import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { indianCount } from './counts';
import {
  languageLocales,
  languageStore,
  labelsHi,
  messages,
  messagesHi,
  texts,
  textsHi,
  translateLabel,
  translateMessage,
  type Language,
  type TextKey,
} from '../../sync/shell';

/*
 * The catalogues, both bundled (they are small) so a switch works offline and at once:
 * `text` the screens' words (sync/contract/i18n/texts.ts), `message` the spec's messages,
 * `label` the contract's list labels, keyed by their English label (English needs no table).
 */
void i18next.use(initReactI18next).init({
  lng: languageStore.getState().language,
  fallbackLng: 'en',
  resources: {
    en: { text: texts, message: messages, label: {} },
    hi: { text: textsHi, message: messagesHi, label: labelsHi },
  },
  ns: ['text', 'message', 'label'],
  defaultNS: 'text',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

const showLanguage = (language: Language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
showLanguage(languageStore.getState().language);
languageStore.subscribe(({ language }) => {
  if (i18next.language !== language) void i18next.changeLanguage(language);
  showLanguage(language);
});

type Values = Record<string, string | number>;

const current = (): Language => languageStore.getState().language;

/** A screen text in the language shown, outside React (a toast's title). */
export const textOf = (key: TextKey, values?: Values): string => i18next.t(key, { ns: 'text', ...values });

const textKeyOf = new Map((Object.entries(texts) as [TextKey, string][]).map(([key, english]) => [english, key]));

/**
 * A message (the contract's English, a screen text's English, or the server's answer) in the
 * language shown, outside React: a toast is given the English, so it is told once whoever
 * words it (src/components/toast.ts), and shown in the language chosen.
 */
export const messageOf = (text: string): string => {
  const key = textKeyOf.get(text);
  return key ? textOf(key) : translateMessage(text, current());
};

/**
 * A number as the language writes it (hi-IN and en-IN both group a count 1,23,456 in Latin
 * digits); stored values stay numbers. A whole count is grouped without Intl (src/lib/counts.ts:
 * the first Intl number format loads locale data, a cold start's cost on a cheap tablet).
 */
export const numberOf = (n: number, language: Language = current()): string =>
  Number.isInteger(n) ? indianCount(n) : n.toLocaleString(languageLocales[language]);

/**
 * The words of a screen in the language the device shows, re-rendered on a switch:
 * `t` a screen text by key, `label` a contract label, `message` a message.
 */
export function useT() {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  return {
    language,
    t: (key: TextKey, values?: Values): string => i18n.t(key, { ns: 'text', ...values }),
    label: (english: string): string => translateLabel(english, language),
    message: (text: string): string => translateMessage(text, language),
    number: (n: number): string => numberOf(n, language),
  };
}
