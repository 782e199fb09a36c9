/** The small database that says who is signed in (db/session-db.ts opens it with Dexie). */
export const SESSION_DB_NAME = 'ashray-session';

/**
 * Opens database `name` when it exists and lets it go after `holdMs`, or as soon as another
 * connection wants a new version: the browser readies the origin's whole IndexedDB store at a
 * start's first open (a quarter of a second on a device holding head office's children, off
 * the main thread), so a start that begins it early (src/app/main.tsx) finds it ready when
 * the data layer opens the session. A missing database is not created (its creation is
 * aborted).
 */
export function warmStore(name: string, holdMs: number): void {
  try {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => event.preventDefault();
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      setTimeout(() => db.close(), holdMs);
    };
  } catch {
    // No IndexedDB here: the data layer says so when it opens the session.
  }
}

const openExisting = (name: string) =>
  new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`${name} did not open`));
  });

/**
 * Whether the session database holds a saved session although the mirror does not (storage
 * cleared by hand): read with IndexedDB itself, so /login does not load Dexie to learn that
 * nobody is signed in. A browser that cannot list its databases answers true, and the data
 * layer looks.
 */
export async function hasSessionRow(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    // Opened only when it exists: opening a missing one would create it empty.
    if (!(await indexedDB.databases()).some((db) => db.name === SESSION_DB_NAME)) return false;
    const db = await openExisting(SESSION_DB_NAME);
    try {
      if (!db.objectStoreNames.contains('session')) return false;
      return await new Promise<boolean>((resolve, reject) => {
        const request = db.transaction('session', 'readonly').objectStore('session').count('current');
        request.onsuccess = () => resolve(request.result > 0);
        request.onerror = () => reject(request.error ?? new Error('session count failed'));
      });
    } finally {
      db.close();
    }
  } catch {
    return true;
  }
}
