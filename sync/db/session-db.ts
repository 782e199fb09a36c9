import Dexie, { type Table } from 'dexie';
import { SESSION_DB_NAME } from '../device/session-hint';
import type { SessionUser } from '../contract';
import type { Language } from '../contract/i18n/languages';

/** PBKDF2 of the sign-in password (base64 salt and bits), for the offline unlock. */
export type PasswordVerifier = { salt: string; hash: string; iterations: number };

/** The one saved session of this browser, readable by the service worker too. */
export type SessionRow = {
  key: 'current';
  user: SessionUser;
  apiOrigin: string;
  savedAt: number;
  verifier?: PasswordVerifier;
  /**
   * The language the device shows, kept here for the service worker, which has no
   * localStorage: its Background Sync replay asks the server's messages in it (README "Languages").
   */
  language?: Language;
};

/**
 * A small database outside the per-user ones: it says who is signed in, so the
 * app (and the service worker) know which per-user database to open.
 */
export class SessionDb extends Dexie {
  session!: Table<SessionRow, string>;

  constructor() {
    super(SESSION_DB_NAME, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ session: 'key' });
  }
}

export const sessionDb = new SessionDb();
