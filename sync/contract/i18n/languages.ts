/** The languages every text is written in (English is the spec's, verbatim; the default). */
export const languages = ['en', 'hi'] as const;

/** A language of the app. */
export type Language = (typeof languages)[number];

/** English: the spec's own texts, what a request without a choice is answered in. */
export const defaultLanguage: Language = 'en';

/** Each language named in itself, as the switch offers it. */
export const languageNames: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

/** The locale dates and numbers are formatted for in each language. */
export const languageLocales: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN' };

export const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

/**
 * The language an `Accept-Language` header asks for: the first of its ranges, by quality,
 * that is one of ours ('hi-IN' is Hindi); English when none is.
 */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return defaultLanguage;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: range.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.map((r) => r.base).find(isLanguage) ?? defaultLanguage;
}
