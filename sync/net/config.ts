/**
 * The API base the app talks to. Built-in default is the same origin's /api; a
 * build with VITE_API_BASE points the PWA at an existing server instead.
 */
export const apiBase: string = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '/api';

/** Absolute API base, resolved against the page (or worker) origin. */
export function apiUrl(): string {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  return new URL(apiBase.endsWith('/') ? apiBase : `${apiBase}/`, origin).toString();
}

/** This build's version (package.json, set by vite.config.ts), kept with each access entry. */
export const appVersion: string = (import.meta.env?.VITE_APP_VERSION as string | undefined) ?? 'dev';
