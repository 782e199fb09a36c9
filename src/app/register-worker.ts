import { Workbox } from 'workbox-window';

/**
 * Registers the service worker that precaches the app shell. A new version waits;
 * the update prompt (sync engine issue) decides when to activate it.
 */
export function registerWorker(): Workbox | null {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  const wb = new Workbox('/worker.js', { scope: '/' });
  void wb.register();
  return wb;
}
