import {
  buildPath,
  loginRequestSchema,
  messages,
  sessionUserSchema,
  sessionUserKey,
  firstIssueMessage,
  type SessionUser,
  type LoginForm,
} from '../contract';
import { sessionDb, type PasswordVerifier } from '../db/session-db';
import { lock, lockForChangedPassword, makeVerifier, resetLock } from './idle-lock';
import { dataKeyOwner, forgetDataKey, openDataKey } from './data-key';
import { hasDataKey, onDataKey } from '../db/seal';
import { sealExisting } from '../db/seal-existing';
import { AppDb, appDbName } from '../db/app-db';
import { apiUrl } from '../net/config';
import { appTransport, request, requestTimeouts, setTokenSource, onUnauthenticated } from '../net/transport';
import { isSyncError } from '../net/errors';
import { forgetMissingExtensions, lacksCall, rememberMissingCall } from '../engine/missing-extensions';
import { syncStatusStore } from '../engine/sync-status';
import { clearPhotoCaches } from './photo-cache';
import { sessionStore, STORAGE_KEY, type SessionState } from './session-store';
import { sendAccessLog } from './access-log';
import { languageStore } from './language-store';
import { afterPaint } from './after-paint';

export { sessionStore, STORAGE_KEY, type SessionState } from './session-store';

let db: AppDb | null = null;
let sessionEndedHandler: () => void = () => undefined;
/** The token a sign-out under way is giving up: the server refuses it from the logout on. */
let leavingToken: string | null = null;

setTokenSource(() => sessionStore.getState().user?.token ?? null);

// The service worker reads the language from the session row (it has no localStorage), so a
// change reaches its Background Sync replay too; with no session saved there is nothing to update.
languageStore.subscribe(({ language }, before) => {
  if (language !== before.language) void sessionDb.session.update('current', { language });
});
// Only the session whose token was refused ends: an answer to a request sent before a
// logout (or by another user's session) must not sign anyone out or reload the page. A
// sign-out under way ends its own session; a reload in its middle would keep the data it
// is about to wipe.
onUnauthenticated((token) => {
  if (sessionStore.getState().user?.token !== token || token === leavingToken) return;
  void endSession().then(() => sessionEndedHandler());
});

/** What the app does after the server said 'Unauthenticated.': the spec reloads the page. */
export function onSessionEnded(handler: () => void): void {
  sessionEndedHandler = handler;
}

const apiOrigin = () => new URL(apiUrl()).origin;

/**
 * A session restored behind the lock whose database is not built yet: building it (Dexie
 * reads every version's schema, 50 ms on a cheap tablet) waits until the lock screen has been
 * painted, and currentDb builds it at once if asked first.
 */
let deferredUser: SessionUser | null = null;

function openUserDb(user: SessionUser): AppDb {
  deferredUser = null;
  const name = appDbName(sessionUserKey(user), apiOrigin());
  if (db?.name !== name) {
    db?.close();
    db = new AppDb(name);
  }
  return db;
}

// A key in memory (an unlock or a sign-in): a database from before sealing is sealed in
// place now, in the background; a run cut short goes on at the next unlock (seal-existing.ts).
onDataKey((key) => {
  if (!key) return;
  const local = db ?? (deferredUser ? openUserDb(deferredUser) : null);
  if (local && dataKeyOwner() === local.name)
    void sealExisting(local).catch((error: unknown) => console.error('[ashray] sealing stopped', error));
});

/** The signed-in user's database. Throws when nobody is signed in. */
export function currentDb(): AppDb {
  if (!db && deferredUser) openUserDb(deferredUser);
  if (!db) throw new Error('No signed-in user: the local database is closed.');
  return db;
}

function mirror(user: SessionUser | null): void {
  if (typeof localStorage === 'undefined') return;
  if (user) {
    const { token, name, role, centerId, image, imagePath, id, email } = user;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token, name, role, centerId, image, imagePath, id, email }));
  } else {
    localStorage.removeItem(STORAGE_KEY);
  }
}

function readMirror(): SessionUser | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Opens the app from the saved session; works with the network off. */
export async function restoreSession(): Promise<SessionState> {
  const row = await sessionDb.session.get('current');
  const user = row?.user ?? readMirror();
  if (!user) {
    sessionStore.setState({ status: 'signed-out', user: null });
  } else {
    // The data key was in the memory of the page before this one: the records stay sealed
    // until the password is given again (DESIGN: Security on the device). Unlocked, the
    // database opens at once, while the app renders its first screen; locked, it is built and
    // opened (opening reads no record) once the lock screen has been painted, while it waits
    // for the password.
    if (hasDataKey()) {
      openUserDb(user)
        .open()
        .catch(() => undefined);
    } else {
      deferredUser = user;
      lock('opened');
      afterPaint(() => {
        if (deferredUser === user)
          openUserDb(user)
            .open()
            .catch(() => undefined);
      });
    }
    mirror(user);
    sessionStore.setState({ status: 'signed-in', user });
  }
  return sessionStore.getState();
}

async function saveSession(
  user: SessionUser,
  verifier?: PasswordVerifier,
  beforeLive?: () => Promise<void>,
): Promise<void> {
  const kept = verifier ?? (await sessionDb.session.get('current'))?.verifier;
  await sessionDb.session.put({
    key: 'current',
    user,
    apiOrigin: apiOrigin(),
    savedAt: Date.now(),
    language: languageStore.getState().language,
    ...(kept ? { verifier: kept } : {}),
  });
  mirror(user);
  openUserDb(user);
  // What the user's database needs first is done before the app shows (and syncs) it.
  await beforeLive?.();
  sessionStore.setState({ status: 'signed-in', user });
}

async function endSession(): Promise<void> {
  await sessionDb.session.delete('current');
  mirror(null);
  deferredUser = null;
  db?.close();
  db = null;
  forgetDataKey();
  sessionStore.setState({ status: 'signed-out', user: null });
  resetLock();
}

/** A 404/405 to one of our extension calls: the server does not carry it (DESIGN.md, The wire). */
const isMissingCall = (error: unknown) => isSyncError(error) && (error.status === 404 || error.status === 405);

/**
 * The signed-in user's details (id, name) when the login answer left them out: asked from
 * GET /me (our extension; the spec documents no call that gives them) with the new token.
 * Whatever goes wrong, sign-in goes on with what the login answer gave; `meMissing` says
 * the server answered that it has no /me.
 */
async function withDetails(
  answer: Record<string, unknown>,
): Promise<{ answer: Record<string, unknown>; meMissing: boolean }> {
  const missing = answer.id === undefined || answer.id === null || !answer.name;
  if (!missing || typeof answer.token !== 'string' || !answer.token) return { answer, meMissing: false };
  try {
    const me = await request<Record<string, unknown>>('GET', buildPath('me', {}), {
      headers: { Authorization: `Bearer ${answer.token}` },
      timeoutMs: requestTimeouts.signInMs,
    });
    const details = me.data && typeof me.data === 'object' ? me.data : {};
    const fill = (key: string) =>
      answer[key] === undefined || answer[key] === null || answer[key] === '' ? details[key] : answer[key];
    const filled = { ...answer, id: fill('id'), name: fill('name') };
    // Details that do not read as a user's are left out, never a reason to refuse sign-in.
    return { answer: sessionUserSchema.safeParse(filled).success ? filled : answer, meMissing: false };
  } catch (error) {
    return { answer, meMissing: isMissingCall(error) };
  }
}

export type SignInResult = { ok: true; user: SessionUser } | { ok: false; message: string };

/**
 * Signs in against the server (it needs the network). The first failing field is
 * reported with the spec's message; a refused answer is 'Login Failed'.
 */
export async function signIn(form: LoginForm): Promise<SignInResult> {
  const parsed = loginRequestSchema.safeParse({ emailId: form.email, password: form.password });
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error) };
  try {
    const envelope = await request<Record<string, unknown>>('POST', buildPath('login', {}), {
      json: parsed.data,
      timeoutMs: requestTimeouts.signInMs,
    });
    // The spec's answer is token, role, centerId and image (part 1, section 7): the e-mail is
    // the form's when it has none; a wrong answer (no token) is 'Server not responding'.
    const data = { ...envelope.data };
    const answer = {
      ...data,
      email: typeof data.email === 'string' && data.email ? data.email : parsed.data.emailId,
      imagePath: envelope.image_path ?? '',
    };
    const { answer: detailed, meMissing } = await withDetails(answer);
    // The header and the idle lock greet the user by name: the e-mail when none was given.
    const user = sessionUserSchema.safeParse({ ...detailed, name: detailed.name || detailed.email });
    if (!user.success) return { ok: false, message: messages.serverNotResponding };
    const verifier = await makeVerifier(parsed.data.password);
    // The data key before the database opens: a new database's first write is sealed too.
    const dbName = appDbName(sessionUserKey(user.data), apiOrigin());
    const opened = await openDataKey(dbName, parsed.data.password, {
      passwordChecked: true,
      serverAccepted: true,
    });
    // The lock opens before the session goes live: opened after, it undid an idle lock that
    // came down while the sign-in was still finishing (the app is on screen from saveSession).
    if (opened === 'wrong-password') {
      // The password was changed on the server while no key was in memory: the database keeps
      // its key wrapped by the old one, asked for once by the lock screen, which then wraps
      // it with this one.
      lockForChangedPassword(dbName, parsed.data.password);
    } else resetLock();
    // Nothing is awaited once the session is live: the login form's navigation to the
    // dashboard follows at once, not after a person has already moved on to another screen.
    await saveSession(user.data, verifier, () => probeExtensionsAgain(meMissing));
    if (opened !== 'wrong-password') void sealExisting(currentDb()).catch(() => undefined);
    return { ok: true, user: user.data };
  } catch (error) {
    if (!isSyncError(error)) return { ok: false, message: messages.serverNotResponding };
    if (error.reason === 'network' || error.reason === 'timeout')
      return { ok: false, message: messages.serverNotRespondingRetry };
    if (error.reason === 'unreadable') return { ok: false, message: messages.serverNotResponding };
    return { ok: false, message: messages.loginFailed };
  }
}

/**
 * An online sign-in forgets what this server was found to lack, so the first sync asks
 * every extension again (a server upgraded to carry them is found at once); what the
 * sign-in itself just saw (/me answering 404) is remembered anew.
 */
async function probeExtensionsAgain(meMissing: boolean): Promise<void> {
  const local = currentDb();
  await forgetMissingExtensions(local, apiUrl());
  if (meMissing) await rememberMissingCall(local, apiUrl(), 'me', Date.now());
  syncStatusStore.setState({ missing: [] });
}

export type SignOutResult =
  | { ok: true }
  | { ok: false; message: string }
  /** `pending` queued changes, `accesses` access log entries the server has not received. */
  | { ok: false; pending: number; accesses: number; message: string };

/**
 * Signs out. With unsynced work queued it refuses unless `force`, so the UI can ask
 * first; even then the queued work stays in this user's database for the next
 * sign-in. With nothing queued the user's local data is wiped.
 */
export async function signOut(options: { force?: boolean } = {}): Promise<SignOutResult> {
  const local = db;
  const pending = local ? await local.outbox.count() : 0;
  // The access log goes first, like the outbox (DESIGN.md, Access log); a server without
  // it keeps nothing, so its entries do not hold the sign-out.
  if (local && (await local.accessQueue.count()) > 0) await sendAccessLog(local, appTransport()).catch(() => null);
  const accesses =
    local && !(await lacksCall(local, apiUrl(), 'access_log', Date.now())) ? await local.accessQueue.count() : 0;
  if ((pending > 0 || accesses > 0) && !options.force) {
    return {
      ok: false,
      pending,
      accesses,
      message:
        pending > 0
          ? `${pending} change(s) are not synced yet.`
          : `${accesses} record(s) of who opened children's data are not sent yet.`,
    };
  }
  leavingToken = sessionStore.getState().user?.token ?? null;
  try {
    try {
      // Waits as a read does: a server that does not answer must not keep the user signed in.
      await request('POST', buildPath('logout', {}), { timeoutMs: requestTimeouts.readMs });
    } catch (error) {
      const acceptable =
        isSyncError(error) &&
        (error.reason === 'network' ||
          error.reason === 'timeout' ||
          error.reason === 'unauthenticated' ||
          error.message === messages.methodNotAllowed);
      if (!acceptable) return { ok: false, message: isSyncError(error) ? error.message : messages.somethingWentWrong };
    }
    await endSession();
    // Photos can be fetched again; they never outlive the session, queued work or not.
    await clearPhotoCaches();
    if (local && pending === 0 && accesses === 0) {
      await local.delete();
      await sessionDb.keyrings.delete(local.name);
    }
    return { ok: true };
  } finally {
    // Signed out by now (nobody's token to refuse) or still signed in after a refusal.
    leavingToken = null;
  }
}

/**
 * Fetches the signed-in user again (GET /me), so a role's new permissions reach the
 * sidebar, buttons and guards without signing out. Offline it keeps what it has; a server
 * that answered 404/405 to /me (our extension) is not asked again until the re-probe.
 */
export async function refreshUser(): Promise<void> {
  const current = sessionStore.getState().user;
  const local = db;
  if (!current || !local) return;
  if (await lacksCall(local, apiUrl(), 'me', Date.now())) return;
  try {
    const envelope = await request<Partial<SessionUser>>('GET', buildPath('me', {}));
    const fresh = sessionUserSchema.safeParse({
      ...current,
      ...envelope.data,
      token: current.token,
      // The device's key of this user stays what it was (sessionUserKey): its database.
      id: current.id,
      email: current.email,
      imagePath: envelope.image_path ?? current.imagePath,
    });
    if (fresh.success && JSON.stringify(fresh.data) !== JSON.stringify(current)) await saveSession(fresh.data);
  } catch (error) {
    if (!isSyncError(error)) throw error;
    if (isMissingCall(error) && db === local) await rememberMissingCall(local, apiUrl(), 'me', Date.now());
  }
}
