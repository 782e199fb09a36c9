import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertFileKey, fileFolders, isFileKey, type FileStore } from './store';

/**
 * Files under one folder (`DATA_DIR/uploads`), outside the web root: the store of a single
 * process on PGlite. A file is written beside its place and renamed into it, so a reader
 * never sees half of one.
 */
export function folderStore(root: string): FileStore {
  const where = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'folder',
    put: async (key, bytes) => {
      assertFileKey(key);
      const file = where(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    get: async (key) => {
      if (!isFileKey(key)) return null;
      try {
        return new Uint8Array(await readFile(where(key)));
      } catch {
        return null;
      }
    },
    remove: async (key) => {
      if (isFileKey(key)) await rm(where(key), { force: true });
    },
    list: async () => {
      const keys: string[] = [];
      for (const folder of fileFolders) {
        const names = await readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of names) if (isFileKey(`${folder}/${name}`)) keys.push(`${folder}/${name}`);
      }
      return keys;
    },
    close: async () => {},
  };
}
