/*
 * Where uploaded files live, behind one small interface so that every API process can
 * serve every file: a folder (one process, PGlite's default), a `files` table in the
 * database (PostgreSQL's default) or an S3-compatible bucket (when configured). A key is
 * the path the file had under `DATA_DIR/uploads` (`children/<name>`, `documents/<name>`,
 * `beneficiaries/<name>`, `users/<name>`), so the names stored in the database rows stay
 * as they are whichever store holds the bytes. Names are random (never a child's name),
 * and still no store logs a key or a file's bytes.
 */

/** The kinds of file stores (FILE_STORE). */
export const fileStoreKinds = ['folder', 'database', 's3'] as const;
export type FileStoreKind = (typeof fileStoreKinds)[number];

/** The sub-folders (key prefixes) uploads are kept under. */
export const fileFolders = ['children', 'beneficiaries', 'documents', 'users'] as const;
export type FileFolder = (typeof fileFolders)[number];

export type FileStore = {
  kind: FileStoreKind;
  /** Stores the bytes under `key`, replacing what was there (so a repeated move is harmless). */
  put: (key: string, bytes: Uint8Array) => Promise<void>;
  /** The bytes under `key`, or null when there are none (or the key is not one we write). */
  get: (key: string) => Promise<Uint8Array | null>;
  /** Removes `key`; a missing one is fine (already gone, or never written). */
  remove: (key: string) => Promise<void>;
  /** Every key the store holds, in no particular order. */
  list: () => Promise<string[]>;
  /** Releases what the store holds open (a client's sockets); the store is not used after. */
  close: () => Promise<void>;
};

const KEY = /^(children|beneficiaries|documents|users)\/[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

/** Whether `key` is one we could have written: a known folder and a random name (no traversal). */
export const isFileKey = (key: string): boolean => KEY.test(key);

/** The key of the file `name` in `folder`. */
export const fileKey = (folder: FileFolder, name: string): string => `${folder}/${name}`;

/** Refuses a key we could not have written before a store touches anything. */
export function assertFileKey(key: string): void {
  // The key is not in the message: even random names stay out of logs.
  if (!isFileKey(key)) throw new Error('Refused a file key outside the upload folders');
}
