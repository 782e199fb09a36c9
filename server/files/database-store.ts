import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { assertFileKey, isFileKey, type FileStore } from './store';

/** Files as rows of the `files` table: every process on the database reaches them (PostgreSQL's default). */
export function databaseStore(db: Db): FileStore {
  return {
    kind: 'database',
    put: async (key, bytes) => {
      assertFileKey(key);
      await db
        .insert(files)
        .values({ key, content: bytes })
        .onConflictDoUpdate({ target: files.key, set: { content: bytes } });
    },
    get: async (key) => {
      if (!isFileKey(key)) return null;
      const [row] = await db.select({ content: files.content }).from(files).where(eq(files.key, key));
      // A plain Uint8Array over the driver's bytes (postgres.js answers a Buffer), no copy.
      return row ? new Uint8Array(row.content.buffer, row.content.byteOffset, row.content.byteLength) : null;
    },
    remove: async (key) => {
      if (isFileKey(key)) await db.delete(files).where(eq(files.key, key));
    },
    list: async () => (await db.select({ key: files.key }).from(files)).map((r) => r.key),
    close: async () => {},
  };
}
