import { createStore } from 'zustand/vanilla';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { defaultLanguage, isLanguage, type Language } from '../contract/i18n/languages';

export type LanguageState = { language: Language; setLanguage: (language: Language) => void };

/**
 * The language this device shows, remembered per device (browser storage, not the account:
 * two workers sharing a tablet read it the same way). The screens follow it without a
 * reload, and every request says it (Accept-Language, net/transport.ts) so the server's
 * messages come in it too. A module of its own, without Dexie or zod, so /login reads it.
 */
export const languageStore = createStore<LanguageState>()(
  persist(
    (set) => ({
      language: defaultLanguage,
      setLanguage: (language) => set({ language }),
    }),
    {
      name: 'ashray.language',
      // The service worker has no localStorage: there the store is English, and not kept.
      storage: createJSONStorage(() => {
        const storage = (globalThis as { localStorage?: StateStorage }).localStorage;
        if (!storage) throw new Error('No localStorage here');
        return storage;
      }),
      partialize: (s) => ({ language: s.language }),
      merge: (saved, current) => {
        const language = (saved as Partial<LanguageState> | undefined)?.language;
        return isLanguage(language) ? { ...current, language } : current;
      },
    },
  ),
);
