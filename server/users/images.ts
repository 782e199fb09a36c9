import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CheckedImage } from '../files/uploads';

/*
 * User pictures under `${uploadsDir}/users/`, named and checked like the children's
 * (server/files/uploads.ts, whose folder type covers children only): a random name with
 * the extension the bytes proved, and nothing outside that pattern is ever read.
 */

const FOLDER = 'users';
const NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

export async function storeUserImage(uploadsDir: string, image: CheckedImage): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${image.kind}`;
  await mkdir(path.join(uploadsDir, FOLDER), { recursive: true });
  await writeFile(path.join(uploadsDir, FOLDER, name), image.bytes, { flag: 'wx' });
  return name;
}

export async function removeUserImage(uploadsDir: string, name: string | null | undefined): Promise<void> {
  if (name && NAME.test(name)) await rm(path.join(uploadsDir, FOLDER, name), { force: true });
}

export async function readUserImage(uploadsDir: string, name: string): Promise<Uint8Array | null> {
  if (!NAME.test(name)) return null;
  try {
    return await readFile(path.join(uploadsDir, FOLDER, name));
  } catch {
    return null;
  }
}
