import { randomBytes } from 'node:crypto';
import type { CheckedImage } from '../files/uploads';
import { fileKey, type FileStore } from '../files/store';

/*
 * User pictures under `users/` in the file store, named and checked like the children's
 * (server/files/uploads.ts, whose folder type covers children only): a random name with
 * the extension the bytes proved, and nothing outside that pattern is ever read.
 */

const FOLDER = 'users';
const NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

export async function storeUserImage(store: FileStore, image: CheckedImage): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${image.kind}`;
  await store.put(fileKey(FOLDER, name), image.bytes);
  return name;
}

export async function removeUserImage(store: FileStore, name: string | null | undefined): Promise<void> {
  if (name && NAME.test(name)) await store.remove(fileKey(FOLDER, name));
}

export async function readUserImage(store: FileStore, name: string): Promise<Uint8Array | null> {
  return NAME.test(name) ? await store.get(fileKey(FOLDER, name)) : null;
}
