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
 * A user database's data key, wrapped (AES-GCM) by a key derived from the password
 * (PBKDF2-SHA-256): base64 salt, nonce and wrapped key, never the key or the password
 * (device/data-key.ts). `sealedThrough` is how far the sealing in place of a database
 * from before sealing has come (db/seal-existing.ts): a table and the last key sealed,
 * or 'done'.
 */
export type KeyringRow = {
  db: string;
  salt: string;
  iv: string;
  wrapped: string;
  iterations: number;
  sealedThrough?: { table: string; after: string | number | null } | 'done';
};

/**
 * A small database outside the per-user ones: it says who is signed in, so the
 * app (and the service worker) know which per-user database to open.
 */
export class SessionDb extends Dexie {
  session!: Table<SessionRow, string>;
  /** One per user database: kept when the session ends, as the database is (queued work). */
  keyrings!: Table<KeyringRow, string>;

  constructor() {
    super(SESSION_DB_NAME, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ session: 'key' });
    // v2: the wrapped data keys of the user databases (DESIGN: Security on the device).
    this.version(2).stores({ keyrings: 'db' });
  }
}

export const sessionDb = new SessionDb();
