import { sessionDb } from '../db/session-db';
import { AppDb, appDbName } from '../db/app-db';
import { apiUrl } from '../net/config';
import { sessionUserKey } from '../contract/auth';
import { defaultLanguage } from '../contract/i18n/languages';
import { createTransport } from '../net/transport';
import { Replayer } from './replay';

/**
 * Replay from the service worker's Background Sync event (R5), so the queue drains
 * with the app closed. It shares the Web Lock with the tabs. Rejects while entries
 * are still waiting, which asks the browser to fire the event again later. The server's
 * messages are asked in the language the device shows, which the page keeps in the session
 * row (the worker has no localStorage, where the page keeps it).
 */
export async function replayInBackground(): Promise<void> {
  const saved = await sessionDb.session.get('current');
  if (!saved) return;
  const db = new AppDb(appDbName(sessionUserKey(saved.user), saved.apiOrigin));
  try {
    const transport = createTransport({
      baseUrl: apiUrl,
      token: () => saved.user.token,
      language: () => saved.language ?? defaultLanguage,
    });
    await new Replayer({ db, transport, server: apiUrl }).run();
    const waiting = await db.outbox.where('status').anyOf('queued', 'sending').count();
    if (waiting > 0) throw new Error(`${waiting} change(s) still waiting`);
  } finally {
    db.close();
  }
}
