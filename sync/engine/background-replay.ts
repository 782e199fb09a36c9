import { sessionDb } from '../db/session-db';
import { AppDb, appDbName } from '../db/app-db';
import { dropDataKey, setDataKey } from '../db/seal';
import { apiUrl } from '../net/config';
import { sessionUserKey } from '../contract/auth';
import { defaultLanguage } from '../contract/i18n/languages';
import { createTransport } from '../net/transport';
import { Replayer } from './replay';

/**
 * What an unlocked tab hands the service worker (postMessage, DESIGN: Security on the
 * device): the data key of one user database, or that it was dropped (the idle lock, a
 * sign-out). The worker keeps it in its memory only; a worker the browser stops forgets it.
 */
export type DataKeyMessage =
  { type: 'ashray-data-key'; db: string; key: Uint8Array } | { type: 'ashray-data-key-drop' };

/** The key handed for this worker's life, and the database it opens. */
let handed: { db: string; key: Uint8Array } | null = null;

export function isDataKeyMessage(data: unknown): data is DataKeyMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'ashray-data-key' || type === 'ashray-data-key-drop';
}

/** Takes (or forgets) the key an unlocked tab handed over. */
export function receiveDataKey(message: DataKeyMessage): void {
  handed = message.type === 'ashray-data-key' ? { db: message.db, key: message.key } : null;
}

export type BackgroundReplayResult = 'sent' | 'waiting-for-unlock' | 'signed-out';

/**
 * Replay from the service worker's Background Sync event (R5), so the queue drains
 * with the app closed. It shares the Web Lock with the tabs. Rejects while entries
 * are still waiting, which asks the browser to fire the event again later. Queued
 * entries are sealed: without a key an unlocked tab handed over for this database,
 * nothing is read and the entries wait for the next unlock (a tab's own sync sends them).
 * The server's messages are asked in the language the device shows, which the page keeps in
 * the session row (the worker has no localStorage, where the page keeps it).
 */
export async function replayInBackground(): Promise<BackgroundReplayResult> {
  const saved = await sessionDb.session.get('current');
  if (!saved) return 'signed-out';
  const name = appDbName(sessionUserKey(saved.user), saved.apiOrigin);
  if (handed?.db !== name) return 'waiting-for-unlock';
  setDataKey(handed.key, name);
  const db = new AppDb(name);
  try {
    const transport = createTransport({
      baseUrl: apiUrl,
      token: () => saved.user.token,
      language: () => saved.language ?? defaultLanguage,
    });
    await new Replayer({ db, transport, server: apiUrl }).run();
    const waiting = await db.outbox.where('status').anyOf('queued', 'sending').count();
    if (waiting > 0) throw new Error(`${waiting} change(s) still waiting`);
    return 'sent';
  } finally {
    db.close();
    dropDataKey();
  }
}
