/**
 * The part of the data layer the first load needs, before anyone signs in: who is signed
 * in, whether the browser is online, and the constants of the route table and the sign-in
 * page. Nothing here imports Dexie, zod or the sync engine, so /login does not load them;
 * the rest comes with `sync/index.ts`, which the app loads once a saved session is found or
 * the sign-in form is sent (DESIGN.md, offline first: every chunk is precached, so that
 * load works offline too). src/ imports sync/ only through this file and sync/index.ts.
 */
export { sessionStore, hasSessionMirror, type SessionState } from './device/session-store';
export { hasSessionRow, SESSION_DB_NAME, warmStore } from './device/session-hint';
export { afterPaint } from './device/after-paint';
export { connectivityStore } from './device/connectivity';
export { messages } from './contract/messages';
export { ADMIN_TITLE, DATE_PICKER_YEARS, networkSettings } from './contract/constants/limits';
export { exitRestoreRoutes } from './contract/constants/exit-routes';
export { exitListConfig } from './contract/constants/exit-lists';
export { languageStore, type LanguageState } from './device/language-store';
export * from './contract/i18n';
