import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import { databaseStore } from './database-store';
import { folderStore } from './folder-store';
import { moveFiles } from './move';
import type { S3Config } from './s3-store';
import { fileStoreKinds, type FileStore, type FileStoreKind } from './store';

/** Which store holds the uploads; unset parts follow the database (see chooseFileStore). */
export type FileStoreChoice = { kind?: FileStoreKind; s3?: S3Config };

/** FILE_STORE and the S3_* variables (README, Configuration). */
export function fileStoreFromEnv(env: Record<string, string | undefined>): FileStoreChoice {
  const kind = env.FILE_STORE || undefined;
  if (kind !== undefined && !(fileStoreKinds as readonly string[]).includes(kind))
    throw new FileStoreConfigError(`FILE_STORE must be one of ${fileStoreKinds.join(', ')}`);
  const s3: S3Config | undefined = env.S3_BUCKET
    ? {
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT || undefined,
        region: env.S3_REGION || undefined,
        accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
        prefix: env.S3_PREFIX || undefined,
      }
    : undefined;
  return { kind: kind as FileStoreKind | undefined, s3 };
}

export class FileStoreConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileStoreConfigError';
  }
}

/**
 * The store every process of a deployment reaches: a bucket when one is configured, else the
 * database on PostgreSQL (several processes share it), else the folder (PGlite is one
 * process's own database anyway). FILE_STORE overrides the default.
 */
export function chooseFileStore(choice: FileStoreChoice, driver: 'pglite' | 'postgres'): FileStoreKind {
  if (choice.kind) return choice.kind;
  if (choice.s3) return 's3';
  return driver === 'postgres' ? 'database' : 'folder';
}

export type OpenedFileStore = { store: FileStore; moved: { from: FileStoreKind; count: number }[] };

/**
 * Opens the chosen store and moves into it the files the other local stores still hold (the
 * uploads folder of a deployment started before files moved to the database, or the
 * database's files once a bucket is configured), before any request is served.
 */
export async function openFileStore(options: {
  dataDir: string;
  db: Db;
  driver: 'pglite' | 'postgres';
  choice?: FileStoreChoice;
}): Promise<OpenedFileStore> {
  const choice = options.choice ?? {};
  const kind = chooseFileStore(choice, options.driver);
  const uploads = path.resolve(options.dataDir, 'uploads');
  const folder = folderStore(uploads);
  const database = databaseStore(options.db);
  let store: FileStore;
  if (kind === 's3') {
    if (!choice.s3) throw new FileStoreConfigError('FILE_STORE=s3 needs S3_BUCKET');
    // Loaded only when a bucket is used: the AWS SDK is large and warns on Node 20 as it loads.
    const { s3Store } = await import('./s3-store');
    store = s3Store(choice.s3);
  } else store = kind === 'database' ? database : folder;
  if (kind === 'folder') await mkdir(uploads, { recursive: true });
  const moved: OpenedFileStore['moved'] = [];
  try {
    for (const from of [folder, database].filter((s) => s.kind !== kind)) {
      const count = await moveFiles(from, store);
      if (count) moved.push({ from: from.kind, count });
    }
  } catch (error) {
    await store.close();
    throw error;
  }
  return { store, moved };
}
