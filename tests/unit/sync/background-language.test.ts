import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { setFetch } from '../../../sync/net/transport';
import { currentDb, sessionStore, signIn } from '../../../sync/device/session';
import { sessionDb } from '../../../sync/db/session-db';
import { languageStore } from '../../../sync/device/language-store';
import { receiveDataKey, replayInBackground } from '../../../sync/engine/background-replay';
import { dataKeyOwner } from '../../../sync/device/data-key';
import { currentDataKey, setDataKey } from '../../../sync/db/seal';
import { json, loginUser } from '../support/login-answer';
import { queueOne } from './queued';

/*
 * The service worker has no localStorage, where the page keeps the language: the page keeps
 * it in the session row too, and the Background Sync replay (R5) asks the server's messages
 * in it (README "Languages"), so a change refused while the app is closed reads in Hindi.
 */

/** The Accept-Language of each request the worker's own fetch made. */
function workerFetch() {
  const asked: (string | null)[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    asked.push(request.headers.get('Accept-Language'));
    return json(422, { success: false, message: 'The name field is required.', errors: { name: ['x'] } });
  });
  return asked;
}

describe("the service worker's replay asks in the language the device shows", () => {
  beforeEach(async () => {
    localStorage.clear();
    for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
    sessionStore.setState({ status: 'signed-out', user: null });
    languageStore.setState({ language: 'en' });
    setFetch(async () => json(200, { success: true, data: loginUser() }));
    expect((await signIn({ email: 'staff@demo.test', password: 'demo1234' })).ok).toBe(true);
    setFetch(undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    languageStore.setState({ language: 'en' });
  });

  it('the session row keeps the language of the sign-in and follows a switch', async () => {
    expect((await sessionDb.session.get('current'))?.language).toBe('en');
    languageStore.getState().setLanguage('hi');
    await vi.waitFor(async () => expect((await sessionDb.session.get('current'))?.language).toBe('hi'));
  });

  it('Hindi chosen on the page: the replay sends Accept-Language hi; English: en', async () => {
    languageStore.getState().setLanguage('hi');
    await vi.waitFor(async () => expect((await sessionDb.session.get('current'))?.language).toBe('hi'));
    await queueOne();
    // The queue is sealed: the worker replays it with the key the unlocked tab hands it.
    const tab = { db: dataKeyOwner()!, key: currentDataKey()! };
    // The worker's module state is English (no localStorage there): only the row says Hindi.
    languageStore.setState({ language: 'en' });
    await sessionDb.session.update('current', { language: 'hi' });
    const asked = workerFetch();
    receiveDataKey({ type: 'ashray-data-key', ...tab });
    await replayInBackground().catch(() => undefined);
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(['hi']));

    await sessionDb.session.update('current', { language: 'en' });
    setDataKey(tab.key, tab.db); // the tab, still unlocked (the worker keeps no key after its run)
    await currentDb().outbox.clear();
    await queueOne();
    const again = workerFetch();
    receiveDataKey({ type: 'ashray-data-key', ...tab });
    await replayInBackground().catch(() => undefined);
    expect(again.length).toBeGreaterThan(0);
    expect(new Set(again)).toEqual(new Set(['en']));
  });
});
