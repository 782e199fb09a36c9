import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { databaseStore } from '../../server/files/database-store';
import { folderStore } from '../../server/files/folder-store';
import { FileMoveError, moveFiles } from '../../server/files/move';
import { chooseFileStore, FileStoreConfigError, fileStoreFromEnv } from '../../server/files/open-store';
import { s3Store } from '../../server/files/s3-store';
import type { FileStore } from '../../server/files/store';
import { freshPostgres } from '../fresh-postgres';
import { localS3 } from '../local-s3';

/*
 * The file store's contract (server/files/store.ts), held by each store: the folder, the
 * `files` table on PGlite and, with DATABASE_URL, on PostgreSQL, and an S3 bucket on a
 * local S3 server. Then the move of a folder's files into each of the others.
 */

type Opened = { store: FileStore; close: () => Promise<void> };

const openers: Record<string, () => Promise<Opened>> = {
  folder: async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ashray-store-'));
    return { store: folderStore(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  'database (pglite)': async () => openedDatabase(await openDatabase({ memory: true })),
  ...(process.env.DATABASE_URL
    ? {
        'database (postgres)': async () => {
          const pg = await freshPostgres();
          const opened = await openedDatabase(await openDatabase({ databaseUrl: pg.url }));
          return { store: opened.store, close: () => opened.close().then(pg.drop) };
        },
      }
    : {}),
  s3: async () => {
    const s3 = await localS3();
    const store = s3Store(s3.config);
    return { store, close: () => store.close().then(s3.stop) };
  },
};

async function openedDatabase(database: Database): Promise<Opened> {
  await database.migrate();
  return { store: databaseStore(database.db), close: database.close };
}

const name = (ext = 'png') => `${randomBytes(16).toString('hex')}.${ext}`;
/** Bytes of every value, so no store may treat a file as text. */
const binary = (size: number) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7 + 3) % 256;
  return bytes;
};

/** A file's bytes as a short hash: comparing megabytes element by element is slow, and a diff of them unreadable. */
const digest = (bytes: Uint8Array | null) => (bytes ? createHash('sha256').update(bytes).digest('hex') : null);

describe.each(Object.keys(openers))('file store contract: %s', (kind) => {
  let opened: Opened;
  let store: FileStore;
  beforeAll(async () => {
    opened = await openers[kind]();
    store = opened.store;
  });
  afterAll(() => opened?.close());

  it('gives back exactly the bytes it was given, under the key it was given', async () => {
    const small = `children/${name()}`;
    const large = `documents/${name('mp3')}`;
    const empty = `users/${name('jpg')}`;
    await store.put(small, binary(300));
    await store.put(large, binary(2 * 1024 * 1024 + 13));
    await store.put(empty, new Uint8Array());
    expect(digest(await store.get(small))).toBe(digest(binary(300)));
    expect(digest(await store.get(large))).toBe(digest(binary(2 * 1024 * 1024 + 13)));
    expect(await store.get(empty)).toEqual(new Uint8Array());
    expect(await store.get(small)).toBeInstanceOf(Uint8Array);
    expect(await store.list()).toEqual(expect.arrayContaining([small, large, empty]));
  });

  it('answers null for a key it does not hold, and for one we could not have written', async () => {
    expect(await store.get(`children/${name()}`)).toBeNull();
    for (const key of ['children/../../etc/passwd', 'children/abc.png', `elsewhere/${name()}`, name()])
      expect(await store.get(key)).toBeNull();
  });

  it('refuses to write a key outside the upload folders, without naming it', async () => {
    for (const key of [`../${name()}`, `children/${name()}/x`, 'children/photo of Asha.png', `tmp/${name()}`]) {
      const refused = await store.put(key, binary(10)).then(
        () => null,
        (error: Error) => error,
      );
      expect(refused?.message).toBe('Refused a file key outside the upload folders');
    }
  });

  it('replaces a file put again under the same key (a repeated move)', async () => {
    const key = `beneficiaries/${name('jpg')}`;
    await store.put(key, binary(50));
    await store.put(key, binary(70));
    expect(await store.get(key)).toEqual(binary(70));
    expect((await store.list()).filter((k) => k === key)).toHaveLength(1);
  });

  it('removes a file, and removing a missing one is fine', async () => {
    const key = `documents/${name('wav')}`;
    await store.put(key, binary(20));
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.list()).not.toContain(key);
    await store.remove(key);
    await store.remove('documents/../../x');
  });

  it('lists only the keys it holds, in every upload folder', async () => {
    const keys = ['children', 'beneficiaries', 'documents', 'users'].map((folder) => `${folder}/${name()}`);
    for (const key of keys) await store.put(key, binary(5));
    const listed = await store.list();
    expect(listed).toEqual(expect.arrayContaining(keys));
    for (const key of listed)
      expect(key).toMatch(/^(children|beneficiaries|documents|users)\/[a-f0-9]{32}\.[a-z0-9]+$/);
    for (const key of keys) await store.remove(key);
    expect(await store.list()).not.toEqual(expect.arrayContaining([keys[0]]));
  });
});

/** A store that fails, as a crash would, at the `failAt`th put; every other call goes through. */
function failingOnPut(store: FileStore, failAt: number): FileStore {
  let puts = 0;
  return {
    ...store,
    put: async (key, bytes) => {
      puts += 1;
      if (puts === failAt) throw new Error('the process stopped');
      await store.put(key, bytes);
    },
  };
}

describe.each(Object.keys(openers).filter((k) => k !== 'folder'))('moving a folder into the %s store', (kind) => {
  let opened: Opened;
  let target: FileStore;
  let dir: string;
  let folder: FileStore;
  beforeAll(async () => {
    opened = await openers[kind]();
    target = opened.store;
  });
  afterAll(() => opened?.close());
  const freshFolder = async (count: number) => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(path.join(tmpdir(), 'ashray-move-'));
    folder = folderStore(dir);
    const files = new Map<string, Uint8Array>();
    const folders = ['children', 'documents', 'beneficiaries', 'users'];
    for (let i = 0; i < count; i += 1) {
      const key = `${folders[i % folders.length]}/${name(i % 2 ? 'jpg' : 'mp3')}`;
      files.set(key, randomBytes(100 + i));
      await folder.put(key, files.get(key)!);
    }
    return files;
  };
  const expectAllIn = async (store: FileStore, files: Map<string, Uint8Array>) => {
    for (const [key, bytes] of files) expect(digest(await store.get(key)), key).toBe(digest(bytes));
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies each file, checks it and only then removes it from the folder', async () => {
    const files = await freshFolder(6);
    expect(await moveFiles(folder, target)).toBe(6);
    await expectAllIn(target, files);
    expect(await folder.list()).toEqual([]);
    // Again: nothing left to move.
    expect(await moveFiles(folder, target)).toBe(0);
  });

  it('cut short halfway, loses none, and the next start finishes the move', async () => {
    const files = await freshFolder(8);
    await expect(moveFiles(folder, failingOnPut(target, 4))).rejects.toThrow('the process stopped');
    // Every file is somewhere: the first three moved, the rest still in the folder.
    const left = await folder.list();
    expect(left).toHaveLength(5);
    for (const [key, bytes] of files) {
      const where = (await target.get(key)) ?? (await folder.get(key));
      expect(digest(where), key).toBe(digest(bytes));
    }
    expect(await moveFiles(folder, target)).toBe(5);
    await expectAllIn(target, files);
    expect(await folder.list()).toEqual([]);
  });

  it('finishes a file copied but not yet removed (a stop between the two)', async () => {
    const files = await freshFolder(2);
    const [key, bytes] = [...files][0];
    await target.put(key, bytes);
    expect(await moveFiles(folder, target)).toBe(2);
    await expectAllIn(target, files);
    expect(await folder.list()).toEqual([]);
  });

  it('leaves a file in the folder and stops when its copy reads back different', async () => {
    const files = await freshFolder(1);
    const [key] = [...files.keys()];
    const garbling: FileStore = {
      ...target,
      get: async (k) => (k === key ? new Uint8Array([1, 2, 3]) : target.get(k)),
    };
    const refused = await moveFiles(folder, garbling).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FileMoveError);
    expect((refused as Error).message).not.toContain(key);
    expect(digest(await folder.get(key))).toBe(digest(files.get(key)!));
    await target.remove(key);
  });
});

describe('which store a start uses (FILE_STORE, S3_*)', () => {
  it('a bucket when S3_BUCKET is set, else the database on PostgreSQL and the folder on PGlite', () => {
    const none = fileStoreFromEnv({});
    expect(chooseFileStore(none, 'postgres')).toBe('database');
    expect(chooseFileStore(none, 'pglite')).toBe('folder');
    const bucket = fileStoreFromEnv({
      S3_BUCKET: 'ashray',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: 'uploads/',
    });
    expect(bucket.s3).toEqual({
      bucket: 'ashray',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-south-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'uploads/',
    });
    expect(chooseFileStore(bucket, 'pglite')).toBe('s3');
    expect(chooseFileStore(bucket, 'postgres')).toBe('s3');
  });

  it('FILE_STORE overrides the default, and an unknown value stops the start', () => {
    expect(chooseFileStore(fileStoreFromEnv({ FILE_STORE: 'database' }), 'pglite')).toBe('database');
    expect(chooseFileStore(fileStoreFromEnv({ FILE_STORE: 'folder' }), 'postgres')).toBe('folder');
    expect(() => fileStoreFromEnv({ FILE_STORE: 'nfs' })).toThrow(FileStoreConfigError);
  });
});
