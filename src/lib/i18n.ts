import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { indianCount } from './counts';
import {
  languageLocales,
  languageStore,
  messages,
  provideHindi,
  texts,
  translateLabel,
  translateMessage,
  type Language,
  type TextKey,
} from '../../sync/shell';

/*
 * The catalogues: `text` the screens' words (sync/contract/i18n/texts.ts), `message` the
 * spec's messages, `label` the contract's list labels, keyed by their English label (English
 * needs no table). English is bundled; Hindi is a chunk of its own, loaded when it is chosen
 * (or before the first screen of a device that chose it), and precached by the service
 * worker like every chunk, so a switch works offline. The language shown changes once its
 * tables are in.
 */
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { text: texts, message: messages, label: {} } },
  ns: ['text', 'message', 'label'],
  defaultNS: 'text',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

let hindiLoaded: Promise<void> | null = null;

/** Loads the Hindi tables once, into i18next and the contract's translators. */
export function loadHindi(): Promise<void> {
  hindiLoaded ??= import('../../sync/contract/i18n/hindi').then(
    ({ hindi }) => {
      provideHindi(hindi);
      i18next.addResourceBundle('hi', 'text', hindi.texts);
      i18next.addResourceBundle('hi', 'message', hindi.messages);
      i18next.addResourceBundle('hi', 'label', hindi.labels);
    },
    (error: unknown) => {
      hindiLoaded = null; // asked again at the next switch
      throw error;
    },
  );
  return hindiLoaded;
}

const showLanguage = (language: Language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

/** Shows `language` once its tables are in (at once when they are); a switch made meanwhile wins. */
async function show(language: Language): Promise<void> {
  if (language === 'hi' && !i18next.hasResourceBundle('hi', 'label')) await loadHindi();
  if (current() !== language) return;
  if (i18next.language !== language) void i18next.changeLanguage(language);
  showLanguage(language);
}

/**
 * The language the device chose, shown: awaited before the first screen renders, so a
 * device set to Hindi does not open in English for a moment (src/app/main.tsx).
 */
export const languageReady = (): Promise<void> => show(current()).catch((error: unknown) => console.error(error));

showLanguage('en');
languageStore.subscribe(({ language }) => {
  void show(language).catch((error: unknown) => console.error(error));
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
